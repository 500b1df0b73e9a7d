// The command panes in the store and the fleet (issue 28 item 4, the app's `$`), against the
// stand-ins: one command at a time per conversation, the lane follows on with nothing watching it
// (what Esc leaves behind) and its exit code is in the snapshot the activity's header reads,
// refused on a read-only server before any request; an app server's conversation through its
// conversation_url with the sandbox's key.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import type {AppConversation} from '../../../source/api/schemas/index.js';
import {createFleet, type LocalFleet} from '../../../source/fleet/createFleet.js';
import {refKey, type Tagged} from '../../../source/fleet/types.js';
import {paneSummary} from '../../../source/present/workspaceText.js';
import {startAgentServerStandIn} from '../../../source/server/agentServer/start.js';
import {startStandInServer} from '../../../source/server/standInServer.js';
import {createStore} from '../../../source/store/createStore.js';
import type {PaneState} from '../../../source/store/types.js';
import {MAX_LINE_CHARS} from '../../../source/store/workspace/commandPane.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of closers.splice(0).reverse()) await close();
});

async function fleetOn(url: string, options: {readOnly?: boolean; apiKey?: string} = {}): Promise<{fleet: LocalFleet; client: OpenHandsClient}> {
	const client = createClient({baseUrl: url, ...(options.apiKey ? {apiKey: options.apiKey} : {})});
	const fleet = createFleet([{name: 'here', label: url, readOnly: options.readOnly ?? false, createStore: () => createStore(client, {attentionCheck: false, liveEvents: false})}]);
	closers.push(async () => {
		fleet.dispose();
		await client.close();
	});
	return {fleet, client};
}

const until = <T>(fleet: LocalFleet, read: () => T | undefined) =>
	new Promise<T>(resolve => {
		const check = () => {
			const value = read();
			if (value === undefined) return false;
			resolve(value);
			return true;
		};
		if (check()) return;
		const off = fleet.subscribe(() => {
			if (check()) off();
		});
	});

const ended = (fleet: LocalFleet, key: string) => until(fleet, () => {
	const pane = fleet.getSnapshot().panes[key];
	return pane && !pane.running && (pane.end || pane.error) ? pane : undefined;
});

async function darkMode(client: OpenHandsClient): Promise<Tagged<AppConversation>> {
	const c = (await client.searchConversations()).items.find(item => item.title?.startsWith('Add dark mode toggle'))!;
	return {...c, server: 'here'};
}

describe('command panes', () => {
	it('agent server: one command at a time; it runs on with nothing watching; its exit code in the snapshot', async () => {
		const server = await startAgentServerStandIn({live: false});
		closers.push(() => server.close());
		const {fleet, client} = await fleetOn(server.url);
		const c = await darkMode(client);
		const key = refKey(c);
		const starts = () => server.requests.filter(r => r.path === '/api/bash/start_bash_command').length;

		fleet.runCommand(c, 'sleep 0.3; echo done; echo warn >&2; exit 3');
		expect(fleet.getSnapshot().panes[key]).toMatchObject({running: true, command: 'sleep 0.3; echo done; echo warn >&2; exit 3'});
		// a second while the first runs: refused, said, nothing sent
		fleet.runCommand(c, 'pwd');
		expect(fleet.getSnapshot().notice?.text).toBe('a command is running in this workspace: one at a time (its end shows in the header)');
		const pane: PaneState = await ended(fleet, key);
		expect(pane.end).toMatchObject({kind: 'exited', code: 3});
		expect(pane.lines).toEqual([{text: 'done', stderr: false}, {text: 'warn', stderr: true}]);
		expect(starts()).toBe(1);
		expect(paneSummary(pane)).toBe('$ sleep 0.3; echo done; echo warn >&2; exit 3 → exit 3');

		// the next one after the end runs; the history keeps both, newest last
		fleet.runCommand(c, 'pwd');
		const second = await ended(fleet, key);
		expect(second.lines).toEqual([{text: c.working_dir, stderr: false}]);
		expect(second.history).toEqual(['sleep 0.3; echo done; echo warn >&2; exit 3', 'pwd']);
		expect(starts()).toBe(2);

		// a line of a megabyte is not kept whole: the scrollback is bounded in bytes too
		fleet.runCommand(c, `echo ${'x'.repeat(20_000)}`);
		const long = await ended(fleet, key);
		expect(long.lines).toEqual([{text: `${'x'.repeat(MAX_LINE_CHARS)} … (${20_000 - MAX_LINE_CHARS} more characters)`, stderr: false}]);
	});

	it('a read-only server: refused with a notice, before any request', async () => {
		const server = await startAgentServerStandIn({live: false});
		closers.push(() => server.close());
		const {fleet, client} = await fleetOn(server.url, {readOnly: true});
		const c = await darkMode(client);
		const before = server.requests.length;
		fleet.runCommand(c, 'ls');
		expect(fleet.getSnapshot().notice?.text).toBe('read-only: here was opened read-only');
		expect(fleet.getSnapshot().panes).toEqual({});
		await new Promise(resolve => setTimeout(resolve, 50));
		expect(server.requests.length).toBe(before);
	});

	it('app server: through conversation_url with the sandbox key, never the app key', async () => {
		const key = 'sk-oh-app-Pq7Rs8Tu9Vw0';
		const server = await startStandInServer({generation: 'current', apiKey: key, live: false, rateLimit: false, bootMs: 0, stepMs: 5});
		closers.push(() => server.close());
		const {fleet, client} = await fleetOn(server.url, {apiKey: key});
		const c = await darkMode(client);
		fleet.runCommand(c, 'git status --short; exit 5');
		const pane = await ended(fleet, refKey(c));
		expect(pane.end).toMatchObject({kind: 'exited', code: 5});
		expect(pane.lines).toContainEqual({text: '?? public/icons/moon.png', stderr: false});
		const agentHost = new URL(server.agentUrl).host;
		const bash = server.requests.filter(r => r.path.startsWith('/api/bash/'));
		expect(bash.length).toBeGreaterThan(0);
		expect(bash.every(r => r.credentials?.host === agentHost && r.credentials.session === c.session_api_key)).toBe(true);
	});
});
