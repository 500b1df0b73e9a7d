/**
 * The acceptance of issue 12 section 2 against the stand-in's generations (servergen): the Settings
 * tab shows real data from a legacy and a current stand-in and from the Cloud flavour, with no flags.
 * Runs once the stand-in honours `generation` (until then the fixture servers of
 * test/api/generationServers.ts cover the same ground).
 */
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {createClient, type OpenHandsClient} from '../../source/api/index.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInOptions, StandInServer} from '../../source/server/types.js';
import {resource} from './fixtures.js';
import {renderApp} from './harness.js';

const KEY = 'stand-in-generations-Zq81Wm';

async function standInHasGenerations(): Promise<boolean> {
	const server = await startStandInServer({generation: 'current', rateLimit: false, seed: 'empty'});
	try {
		const answer = await fetch(`${server.url}/api/v1/settings`);
		return /json/.test(answer.headers.get('content-type') ?? '');
	} finally {
		await server.close();
	}
}

const supported = await standInHasGenerations();

const open: (StandInServer | OpenHandsClient)[] = [];
afterEach(async () => {
	cleanup();
	await Promise.all(open.splice(0).map(async item => item.close()));
});

const cases: {name: string; options: Partial<StandInOptions>; label: string; shape: 'flat' | 'nested'}[] = [
	{name: 'legacy', options: {generation: 'legacy'}, label: 'legacy', shape: 'flat'},
	{name: 'current', options: {generation: 'current'}, label: 'sandbox-server', shape: 'nested'},
	{name: 'Cloud', options: {generation: 'current', cloud: true}, label: 'cloud', shape: 'nested'},
];

describe.runIf(supported)('the Settings tab on every stand-in generation, no flags', () => {
	for (const c of cases) {
		it(`${c.name}: ${c.label}, the ${c.shape} settings on screen, no secret`, async () => {
			const server = await startStandInServer({...c.options, apiKey: KEY, rateLimit: false});
			const client = createClient({baseUrl: server.url, apiKey: KEY});
			open.push(client, server);
			const info = await client.serverInfo();
			expect(info.label).toBe(c.label);
			const settings = await client.getSettings();
			expect(settings?.shape).toBe(c.shape);
			expect(settings?.llm.model).toBeTruthy();
			const h = renderApp({snapshot: {visible: 'settings', settings: resource(settings), server: info}, rows: 120});
			const frame = await h.waitFor('Secrets');
			expect(frame.split('\n')[0]).toContain(c.label);
			expect(frame).toMatch(/^\s+model\s{2,}\S/m);
			expect(frame).toMatch(/^\s+api key\s{2,}(set|not set)$/m);
			for (const f of h.frames) {
				expect(f).not.toContain(KEY);
				expect(f).not.toContain('*****');
			}
		});
	}
});
