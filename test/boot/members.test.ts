/** The fleet's members from the configured servers (source/boot/members.ts), over real HTTP. */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {fleetMembers} from '../../source/boot/members.js';
import type {ServerConfig} from '../../source/config/servers.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';

const open: Array<{close(): Promise<void>}> = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});

const base = {auth: 'auto', refreshMs: 5000, maxItems: 1000, readOnly: false, profile: null} as const;

describe('fleet members', () => {
	it('one client each, with its own key; with several servers each log line names its server', async () => {
		const servers: StandInServer[] = [];
		for (const apiKey of ['key-one-0000', 'key-two-1111']) servers.push(await startStandInServer({rateLimit: false, live: false, apiKey}));
		open.push(...servers);
		const config: ServerConfig[] = [
			{...base, name: 'one', url: servers[0]!.url, apiKey: 'key-one-0000', profile: 'one'},
			{...base, name: 'two', url: servers[1]!.url, apiKey: 'key-two-1111'},
		];
		const lines: string[] = [];
		const made = fleetMembers(config, line => lines.push(line));
		open.push(made);
		expect(made.members.map(m => [m.name, m.label, m.fromProfile])).toEqual([
			['one', servers[0]!.url, true],
			['two', servers[1]!.url, false],
		]);
		const stores = made.members.map(member => member.createStore('conversations'));
		for (const store of stores) store.start();
		await vi.waitFor(() => expect(stores.every(store => store.getSnapshot().conversations.data !== undefined)).toBe(true));
		for (const store of stores) store.dispose();
		expect(lines.some(line => /^\S+Z one GET \/api\/v1\/app-conversations\/search/.test(line))).toBe(true);
		expect(lines.some(line => /^\S+Z two GET \/api\/v1\/app-conversations\/search/.test(line))).toBe(true);
		expect(lines.join('\n')).not.toMatch(/key-(one|two)/);
		for (const [i, server] of servers.entries()) {
			const own = i === 0 ? 'key-one-0000' : 'key-two-1111';
			const other = i === 0 ? 'key-two-1111' : 'key-one-0000';
			const keysOf = (requests: typeof server.requests) => requests.flatMap(r => [r.credentials?.session, r.credentials?.bearer]).filter(Boolean);
			// the app listener gets the user's key only; its sandboxes' agent listener (a watched running
			// conversation's socket, issue 18) gets their session keys; the other server's key nowhere
			const host = new URL(server.url).host;
			expect(new Set(keysOf(server.requests.filter(r => r.credentials?.host === host)))).toEqual(new Set([own]));
			expect(keysOf(server.requests)).not.toContain(other);
		}
	});

	it('a server without a URL waits for its embedded server: its calls go there once it listens', async () => {
		const made = fleetMembers([{...base, name: 'app', url: null, apiKey: null, embedded: 'app-server'}]);
		open.push(made);
		expect(made.embedded.map(e => [e.name, e.kind])).toEqual([['app', 'app-server']]);
		expect(made.members[0]!.label).toBe('');
		const store = made.members[0]!.createStore('conversations');
		store.start();
		const server = await startStandInServer({rateLimit: false, live: false});
		open.push(server);
		made.embedded[0]!.listening(server.url);
		await vi.waitFor(() => expect(store.getSnapshot().conversations.data?.length).toBeGreaterThan(0));
		store.dispose();
	});
});
