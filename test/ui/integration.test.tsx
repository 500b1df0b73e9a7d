/**
 * <App/> over the real store, the real client and the stand-in server on 127.0.0.1: the three
 * layers meet on the wire, and the frames show what a user would see.
 */
import React from 'react';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {render} from 'ink-testing-library';
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {createStore, type PollingStore} from '../../source/store/createStore.js';
import {App} from '../../source/ui/App.js';
import {KEYS} from './harness.js';
import {fleetOf} from './fakeFleet.js';

const tick = () => new Promise<void>(resolve => setImmediate(resolve));

describe.each(['legacy', 'current'] as const)('App with the real store, client and the %s stand-in server', generation => {
	let server: StandInServer;
	let client: OpenHandsClient;
	let store: PollingStore;

	beforeAll(async () => {
		server = await startStandInServer({generation, stepMs: 40, bootMs: 80, rateLimit: false});
		client = createClient({baseUrl: server.url});
		store = createStore(client, {refreshMs: 1000});
		store.start();
	});

	afterAll(async () => {
		store.dispose();
		await client.close();
		await server.close();
	});

	// a walk of every tab with real timers: about 9 s alone, over 20 s at load 20 (the suite's default)
	it('lists, opens, starts and creates, and never shows a secret', {timeout: 60_000}, async () => {
		const onQuit = vi.fn();
		const written: string[] = [];
		const h = render(
			<App fleet={fleetOf(store, 'local', server.url)} serverLabel={server.url} demo onQuit={onQuit} size={{columns: 120, rows: 40}} env={{}} writeRaw={d => void written.push(d)} />,
		);
		const frame = () => h.lastFrame() ?? '';
		const waitFor = (text: string | RegExp) =>
			vi.waitFor(
				() => {
					const f = frame();
					if (typeof text === 'string' ? !f.includes(text) : !text.test(f)) throw new Error(`frame lacks ${String(text)}:\n${f}`);
				},
				{timeout: 10_000, interval: 20},
			);
		const press = async (...keys: string[]) => {
			for (const key of keys) {
				await tick();
				h.stdin.write(key);
				await tick();
				await tick();
			}
		};

		try {
			// Conversations (the store's first visible tab) from the seed
			await waitFor(/\d+ loaded/);
			await waitFor(/ ok\n/);
			expect(frame()).toMatch(/octo-org\/hello-world|acme\//);

			// Settings: the LLM and MCP servers listed, their keys and env values not
			const secrets: string[] = [];
			if (generation === 'legacy') {
				// legacy servers send the MCP secrets in clear (openhands-api.md 3.11): the view masks them
				const settings = (await (await fetch(`${server.url}/api/settings`)).json()) as {
					mcp_config: {sse_servers: {api_key: string}[]; stdio_servers: {env: Record<string, string>}[]; shttp_servers: {api_key: string | null}[]};
				};
				secrets.push(
					...settings.mcp_config.sse_servers.map(s => s.api_key),
					...settings.mcp_config.shttp_servers.map(s => s.api_key).filter((k): k is string => Boolean(k)),
					...settings.mcp_config.stdio_servers.flatMap(s => Object.values(s.env)),
				);
				expect(secrets.length).toBeGreaterThan(2);
			}
			await press('1');
			if (generation === 'legacy') {
				await waitFor('MCP servers');
				await waitFor('GITHUB_PERSONAL_ACCESS_TOKEN=••••');
			} else {
				// current servers send no secret at all, only whether one is set (openhands-api-newer.md 2.1)
				await waitFor(/api key +set/);
			}

			// Specs: the three presets (loaded only once their tab was shown: hidden tabs never poll)
			await press('4');
			await waitFor('3 loaded');

			// Sandboxes: details mask the session key; n with several specs opens the picker
			await press('3');
			await waitFor(/\d+ loaded/);
			await press(KEYS.enter);
			await waitFor('session api key');
			await press(KEYS.esc);
			await waitFor('URLS');
			const sandboxes = await client.searchSandboxes();
			secrets.push(...sandboxes.items.map(s => s.session_api_key).filter((k): k is string => Boolean(k)));
			server.clearRequests();
			await press('n');
			await waitFor('Start a sandbox from which spec?');
			await press(KEYS.enter);
			await waitFor('URLS');
			await vi.waitFor(() => expect(server.requests.some(r => r.method === 'POST' && r.path === '/api/v1/sandboxes')).toBe(true), {timeout: 5000});

			// Conversations: create one and watch its start task go step by step to READY
			await press('2');
			await waitFor('REPOSITORY');
			await press('n');
			await waitFor('New conversation');
			await press(...'Add a test', KEYS.tab, ...'octo-org/hello-world', KEYS.enter);
			await waitFor(/start \S+ +(WORKING|WAITING_FOR_SANDBOX|PREPARING_REPOSITORY|RUNNING_SETUP_SCRIPT|SETTING_UP_GIT_HOOKS|STARTING_CONVERSATION|READY)/);
			await waitFor(/start \S+ +READY/);
			expect(server.requests.some(r => r.method === 'POST' && r.path === '/api/v1/app-conversations')).toBe(true);

			for (const f of h.frames) {
				for (const secret of secrets) expect(f).not.toContain(secret);
			}
			await press('q');
			expect(onQuit).toHaveBeenCalledTimes(1);
		} finally {
			h.unmount();
		}
	});
});
