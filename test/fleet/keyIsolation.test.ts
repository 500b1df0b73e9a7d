/**
 * A key never goes to another server than its own (issue 16 §2): three stand-in servers over real
 * HTTP, each holding its own key and asking for it its own way (a current app server: the session
 * header; Cloud: Bearer only; a legacy one: the session header on its unversioned routes), one fleet
 * over them, every action on each server's items. Each server's request log says what every request
 * carried and which listener (the app or its agent server) it reached.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {createFleet, type LocalFleet} from '../../source/fleet/createFleet.js';
import type {Ref} from '../../source/fleet/types.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {RequestRecord, StandInOptions, StandInServer} from '../../source/server/types.js';
import {createStore} from '../../source/store/createStore.js';
import {ManualClock} from '../store/manualClock.js';

const SERVERS: Record<string, {key: string; options: Partial<StandInOptions>}> = {
	work: {key: 'work-key-Aa11Bb22Cc33', options: {generation: 'current'}},
	cloud: {key: 'cloud-key-Dd44Ee55Ff66', options: {cloud: true}},
	legacy: {key: 'legacy-key-Gg77Hh88Ii99', options: {generation: 'legacy'}},
};
const NAMES = Object.keys(SERVERS);

let clock: ManualClock;
let servers: Record<string, StandInServer>;
let clients: OpenHandsClient[];
let fleet: LocalFleet;

const advance = async (ms: number) => clock.advance(ms, async () => fleet.whenSettled());

beforeAll(async () => {
	clock = new ManualClock();
	servers = {};
	for (const name of NAMES) {
		servers[name] = await startStandInServer({now: clock.now, bootMs: 3000, stepMs: 5, rateLimit: false, live: false, apiKey: SERVERS[name]!.key, ...SERVERS[name]!.options});
	}
	clients = NAMES.map(name => createClient({baseUrl: servers[name]!.url, apiKey: SERVERS[name]!.key, auth: 'auto'}));
	fleet = createFleet(
		NAMES.map((name, i) => ({
			name,
			label: servers[name]!.url,
			createStore: visible => createStore(clients[i]!, {scheduler: clock, random: () => 0.5, attentionCheck: false, visible}),
		})),
	);
	fleet.start();
	await advance(100);
});

afterAll(async () => {
	fleet.dispose();
	await Promise.all(clients.map(async client => client.close()));
	await Promise.all(Object.values(servers).map(async server => server.close()));
});

const mine = <T extends {server: string}>(items: readonly T[] | undefined, server: string) => (items ?? []).filter(row => row.server === server);
const rows = {
	conversations: (server: string) => mine(fleet.getSnapshot().conversations.data, server),
	sandboxes: (server: string) => mine(fleet.getSnapshot().sandboxes.data, server),
	specs: (server: string) => mine(fleet.getSnapshot().specs.data, server),
};

/** Every key but the server's own. */
const othersKeys = (name: string) => NAMES.filter(other => other !== name).map(other => SERVERS[other]!.key);

function carried(request: RequestRecord): string[] {
	return [request.credentials?.session, request.credentials?.bearer].filter((value): value is string => Boolean(value));
}

describe('three servers, three keys, one fleet', () => {
	it('every action reaches its own server with its own key, and no key reaches another server', async () => {
		// the list, the sandboxes, the specs and the settings of every server
		for (const tab of ['sandboxes', 'specs', 'settings', 'conversations'] as const) {
			fleet.setVisible(tab);
			await advance(100);
		}

		const expected: Record<string, Array<[string, (line: string) => boolean]>> = {};
		for (const name of NAMES) {
			const sandboxes = rows.sandboxes(name);
			const conversations = rows.conversations(name);
			const running = sandboxes.find(s => s.status === 'RUNNING')!;
			const paused = sandboxes.find(s => s.status === 'PAUSED')!;
			const talk = conversations.find(c => c.sandbox_id === running.id && c.sandbox_status === 'RUNNING')!;
			const waiting = conversations.find(c => c.execution_status === 'waiting_for_confirmation' && c.sandbox_status === 'RUNNING')!;
			const other = conversations.find(c => c.id !== talk.id && c.sandbox_id !== running.id && c.sandbox_id !== paused.id)!;
			const spare = sandboxes.find(s => ![running.id, paused.id, talk.sandbox_id, other.sandbox_id].includes(s.id))!;
			const ref = (id: string): Ref => ({server: name, id});
			expect([running, paused, talk, waiting, other, spare].every(Boolean), name).toBe(true);
			const post = (id: string, tail: RegExp) => (line: string) => line.startsWith('POST ') && line.includes(id) && tail.test(line);
			expected[name] = [
				['settings', line => /^GET \/api\/(v1\/)?settings/.test(line)],
				['events', line => line.startsWith('GET ') && line.includes(talk.id) && line.includes('events')],
				['message', post(talk.id, /send-message|\/events$|\/message/)],
				['agent pause', post(talk.id, /\/pause$/)],
				['agent run', post(talk.id, /\/run$/)],
				// a legacy app server's sandboxes run agent server 1.1.0, where a reject is refused unsent
				// (issue 21 item 1)
				...(name === 'legacy' ? [] : ([['agent reject', post(waiting.id, /respond_to_confirmation$/)]] as Array<[string, (line: string) => boolean]>)),
				['sandbox pause', post(running.id, /\/pause$/)],
				['sandbox resume', post(paused.id, /\/resume$/)],
				['sandbox start', line => /^POST \/api\/v1\/sandboxes(\?|$)/.test(line)],
				['conversation create', line => /^POST \/api\/(v1\/app-)?conversations(\?|$)/.test(line)],
				['conversation delete', line => line.startsWith('DELETE ') && line.includes(other.id)],
				['sandbox delete', line => line.startsWith('DELETE ') && line.includes(spare.id)],
			];

			fleet.openActivity(ref(talk.id));
			await advance(100);
			// one message or agent command of a conversation at a time
			fleet.sendMessage(ref(talk.id), `hello ${name}`);
			// sent once its turn in the request budget came (the activity's socket handshakes count there too)
			for (let i = 0; i < 50 && fleet.getSnapshot().pending.some(p => p.kind === 'message'); i++) await advance(100);
			// one agent command of a conversation at a time (a second is refused while one is under way),
			// and a reject only where an agent waits for a confirmation (else it is not sent)
			for (const command of ['pause', 'run', 'reject'] as const) {
				const target = command === 'reject' ? waiting : talk;
				fleet.controlAgent(ref(target.id), command, command === 'reject' ? 'not now' : undefined);
				for (let i = 0; i < 50 && fleet.getSnapshot().pending.some(p => p.kind === 'agent'); i++) await advance(100);
			}
			fleet.closeActivity();
			fleet.conversationsInSandbox(ref(running.id));
			fleet.pauseSandbox(ref(running.id));
			fleet.resumeSandbox(ref(paused.id));
			fleet.startSandbox(name, rows.specs(name)[0]?.id ?? null);
			fleet.createConversation(name, {initialMessage: `task for ${name}`, repository: null, branch: null, sandboxId: null});
			fleet.deleteConversation(ref(other.id));
			fleet.deleteSandbox(ref(spare.id));
			await advance(2000);
		}

		await advance(5000);
		for (const name of NAMES) {
			const server = servers[name]!;
			const {key} = SERVERS[name]!;
			const appHost = new URL(server.url).host;
			const agentHost = new URL(server.agentUrl).host;
			const lines = server.requests.map(r => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`);
			// every action on this server's items reached this server
			for (const [what, seen] of expected[name]!) expect(lines.some(seen), `${name}: ${what}\n${lines.join('\n')}`).toBe(true);

			const own = server.requests.filter(r => r.credentials?.host === appHost);
			// the scheme each asks for: Cloud Bearer, the others the session header
			expect(own.filter(r => (name === 'cloud' ? r.credentials?.bearer : r.credentials?.session) === key).length, name).toBeGreaterThan(10);
			for (const request of server.requests) {
				const values = carried(request);
				const line = `${name}: ${request.method} ${request.path}`;
				// no other server's key, ever
				for (const foreign of othersKeys(name)) expect(values, line).not.toContain(foreign);
				if (request.credentials?.host === appHost) {
					// the app server gets this server's key (auto finds the scheme: Cloud takes Bearer only)
					expect(values.every(value => value === key), line).toBe(true);
				} else {
					// its agent server gets the sandbox's session key, never the user's key
					expect(request.credentials?.host, line).toBe(agentHost);
					expect(values, line).not.toContain(key);
				}
			}
		}
	});
});
