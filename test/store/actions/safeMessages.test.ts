// Issue 26 item 1: a message to an agent that waits for a confirmation must never approve the
// pending action (OpenHands/software-agent-sdk#5092: the next run executes it). Against the
// stand-ins over real HTTP, which copy that behaviour: the agent server itself (1.43.1, and a 1.5.0
// that cannot reject), and the app stand-in's agent listener behind a current app server
// (send-message; its sandboxes run 1.37.1) and a legacy one (the agent server's /events; 1.1.0).
// Store and stand-in share a manual clock: the agent takes a step only when the test moves time.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../../source/server/index.js';
import {clockedStore, type ClockedStore, harness} from '../harness.js';
import {ManualClock} from '../manualClock.js';
import {agentEvents, byTitle} from '../../server/activityHelpers.js';

const KEY = 'stand-in-key-26a1';
const TEXT = 'Do NOT drop the table';
const SUPERSEDED = 'superseded by a new message';

type Setup = {
	h: ClockedStore;
	id: string;
	/** the conversation's events as its agent server has them, oldest first */
	events(): Promise<any[]>;
	/** POSTs the agent server (or app server) saw: `respond_to_confirmation`, `events`, `send-message` */
	posts(): string[];
	/** a user message as another client sends it: one POST with run:true (what ohtui sent before) */
	rawMessage(text: string): Promise<void>;
	close(): Promise<void>;
};

const open: Setup[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(s => s.close()));
});

async function agentServer(version = '1.43.1'): Promise<Setup> {
	const clock = new ManualClock();
	const server = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0, stepMs: 5, now: clock.now, version});
	const {closeStore, ...h} = clockedStore(clock, createClient({baseUrl: server.url, apiKey: KEY}), {refreshMs: 5000});
	h.store.start();
	await h.settle();
	const id = h.store.getSnapshot().conversations.data!.find(c => c.execution_status === 'waiting_for_confirmation')!.id;
	const headers = {'x-session-api-key': KEY, 'content-type': 'application/json'};
	const setup: Setup = {
		h,
		id,
		async events() {
			const response = await fetch(`${server.url}/api/conversations/${id}/events/search?limit=100&sort_order=TIMESTAMP_DESC`, {headers});
			return ((await response.json()) as {items: any[]}).items.reverse();
		},
		posts: () => server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${id}`, '')),
		async rawMessage(text) {
			await fetch(`${server.url}/api/conversations/${id}/events`, {method: 'POST', headers, body: JSON.stringify({role: 'user', content: [{type: 'text', text}], run: true})});
		},
		async close() {
			await closeStore();
			await server.close();
		},
	};
	open.push(setup);
	return setup;
}

async function appServer(generation: 'legacy' | 'current'): Promise<Setup> {
	const made = await harness({generation, live: false}, {refreshMs: 5000});
	made.store.start();
	await made.settle();
	const c = await byTitle(made.server, 'Plan: split the monolith');
	const setup: Setup = {
		h: made,
		id: c.id,
		events: () => agentEvents(made.server, c),
		posts: () =>
			made.server.requests
				.filter(r => r.method === 'POST')
				.map(r => r.path.replace(`/api/conversations/${c.id}`, '').replace(`/api/v1/app-conversations/${c.id}`, '')),
		async rawMessage(text) {
			await fetch(`${made.server.agentUrl}/api/conversations/${c.id}/events`, {
				method: 'POST',
				headers: {'x-session-api-key': c.session_api_key!, 'content-type': 'application/json'},
				body: JSON.stringify({role: 'user', content: [{type: 'text', text}], run: true}),
			});
		},
		close: made.close,
	};
	open.push(setup);
	return setup;
}

/** The actions no observation answered yet: what waits. */
function pendingIds(events: readonly any[]): string[] {
	const answered = new Set(events.map(e => e.action_id).filter(Boolean));
	return events.filter(e => e.kind === 'ActionEvent' && !answered.has(e.id)).map(e => e.id);
}

/** Lets the agent take its steps: time moves a second at a time, and each read runs what is due. */
async function runAgent(s: Setup, seconds = 30): Promise<any[]> {
	for (let i = 0; i < seconds; i++) {
		await s.h.advance(1000);
		await s.events();
	}
	return s.events();
}

const messageIndex = (events: readonly any[]) => events.findIndex(e => e.kind === 'MessageEvent' && e.source === 'user' && JSON.stringify(e.llm_message).includes(TEXT));

describe('the stand-ins copy the bug: a plain message to a waiting agent runs its pending action', () => {
	it.each([['agent server 1.43.1', () => agentServer()], ['current app server', () => appServer('current')]] as const)('%s', async (_name, make) => {
		const s = await make();
		const [pending] = pendingIds(await s.events());
		expect(pending).toBeDefined();
		await s.rawMessage(TEXT);
		const events = await runAgent(s);
		expect(events.find(e => e.action_id === pending)).toMatchObject({kind: 'ObservationEvent'});
	});
});

describe.each([
	['agent server 1.43.1 (direct)', () => agentServer(), '/events'],
	['current app server (send-message; the reject through conversation_url)', () => appServer('current'), '/send-message'],
] as const)('m to a waiting agent: %s', (_name, make, messageRoute) => {
	it('rejects the pending action first ("superseded by a new message"), then sends; the action never runs', async () => {
		const s = await make();
		const [pending, ...more] = pendingIds(await s.events());
		expect(pending).toBeDefined();
		s.h.store.sendMessage(s.id, TEXT);
		await s.h.advance(1000);
		expect(s.h.store.getSnapshot().notice?.text).toMatch(/^rejected the pending action first \(superseded by a new message\), then sent the message to /);
		expect(s.h.store.getSnapshot().drafts).toEqual({});
		expect(s.posts()).toEqual(['/events/respond_to_confirmation', messageRoute]);
		const events = await runAgent(s);
		const rejected = events.findIndex(e => e.kind === 'UserRejectObservation' && e.action_id === pending);
		expect(events[rejected]).toMatchObject({rejection_reason: SUPERSEDED});
		for (const id of more) expect(events.find(e => e.action_id === id)).toMatchObject({kind: 'UserRejectObservation', rejection_reason: SUPERSEDED});
		// the message arrives after the rejection, and the action is never executed
		expect(messageIndex(events)).toBeGreaterThan(rejected);
		expect(events.filter(e => e.action_id === pending).map(e => e.kind)).toEqual(['UserRejectObservation']);
	});

	it('an agent that is not waiting: the message goes as it is (one status read, one POST)', async () => {
		const s = await make();
		s.h.store.controlAgent(s.id, 'reject', 'not now');
		await s.h.advance(1000);
		const before = s.posts().length;
		s.h.store.sendMessage(s.id, 'carry on');
		await s.h.advance(1000);
		expect(s.h.store.getSnapshot().notice?.text).toMatch(/^message sent to /);
		expect(s.posts().slice(before)).toEqual([messageRoute]);
	});
});

describe.each([
	['agent server 1.5.0 (direct)', () => agentServer('1.5.0'), '1.5.0'],
	['legacy app server (its sandboxes run 1.1.0)', () => appServer('legacy'), '1.1.0'],
] as const)('m to a waiting agent whose server cannot reject: %s', (_name, make, version) => {
	it('nothing is sent, the draft is kept, the line says why; the action still waits', async () => {
		const s = await make();
		const [pending] = pendingIds(await s.events());
		s.h.store.sendMessage(s.id, TEXT);
		await s.h.advance(1000);
		expect(s.h.store.getSnapshot().notice).toMatchObject({
			level: 'error',
			text: `message not sent: the agent waits for a confirmation and its agent server (${version}) cannot reject (before SDK 1.6.0): a message would run the pending action; the draft is kept`,
		});
		expect(s.h.store.getSnapshot().drafts).toEqual({[s.id]: TEXT});
		expect(s.posts()).toEqual([]);
		const events = await runAgent(s, 5);
		expect(pendingIds(events)).toContain(pending);
		expect(messageIndex(events)).toBe(-1);
	});

	it('accept first (asked in the message box): the action runs as accepted, then the message goes', async () => {
		const s = await make();
		const [pending] = pendingIds(await s.events());
		s.h.store.sendMessage(s.id, TEXT, {acceptFirst: true});
		await s.h.advance(1000);
		expect(s.h.store.getSnapshot().notice?.text).toMatch(/^accepted the pending action, then sent the message to /);
		expect(s.posts()).toEqual(['/events/respond_to_confirmation', expect.stringMatching(/^\/events$|send-message$/)]);
		const events = await runAgent(s);
		expect(events.find(e => e.action_id === pending)).toMatchObject({kind: 'ObservationEvent'});
		expect(messageIndex(events)).toBeGreaterThan(-1);
	});
});
