import {describe, expect, it} from 'vitest';
import {byTitle, conversations, currentEvents, DASHED, NAIVE_US} from './activityHelpers.js';
import {get, manualClock, startServer} from './helpers.js';

/** What the activity view has to show, found somewhere in the demo (issue 10 section 4). */
function features(events: any[]): Set<string> {
	const seen = new Set<string>();
	for (const e of events) {
		seen.add(e.kind);
		if (e.kind === 'MessageEvent') seen.add(`message:${e.llm_message.role}`);
		if (e.kind === 'ActionEvent') seen.add(`action:${e.action.kind}${e.action.command && e.action.kind === 'FileEditorAction' ? `:${e.action.command}` : ''}`);
		if (e.kind === 'ObservationEvent') {
			seen.add(`observation:${e.observation.kind}`);
			if (typeof e.observation.exit_code === 'number' && e.observation.exit_code !== 0) seen.add('exit!=0');
			const output: string = e.observation.content[0].text;
			if (output.split('\n').length > 3) seen.add('multi-line');
			if (output.split('\n').length > 100) seen.add('long output');
			if (output.includes('\u001b[')) seen.add('ANSI codes');
			if (/\b(ghs_|ghp_|sk-proj-)[0-9A-Za-z]{30,}/.test(output)) seen.add('secret in output');
		}
		if (e.kind === 'ConversationStateUpdateEvent') seen.add(`status:${e.value}`);
	}
	return seen;
}

describe('trajectories', () => {
	it('gives the demo conversations every kind of event the activity view shows (current shapes)', async () => {
		const server = await startServer({live: false, now: manualClock().now});
		const all = new Set<string>();
		for (const c of await conversations(server)) {
			const events = await currentEvents(server, c.id);
			expect(events[0]?.kind).toBe('SystemPromptEvent');
			for (const e of events) {
				expect(Object.keys(e)[0]).toBe('kind');
				expect(e.id).toMatch(DASHED);
				expect(e.timestamp).toMatch(NAIVE_US);
			}
			const stamps = events.map(e => e.timestamp);
			expect([...stamps].sort()).toEqual(stamps);
			for (const f of features(events)) all.add(f);
		}
		for (const wanted of [
			'message:user',
			'message:assistant',
			'action:TerminalAction',
			'observation:TerminalObservation',
			'exit!=0',
			'multi-line',
			'long output',
			'ANSI codes',
			'secret in output',
			'action:FileEditorAction:view',
			'action:FileEditorAction:str_replace',
			'observation:FileEditorObservation',
			'action:BrowserNavigateAction',
			'observation:BrowserObservation',
			'action:FinishAction',
			'AgentErrorEvent',
			'Condensation',
			'PauseEvent',
			'UserRejectObservation',
			'ConversationErrorEvent',
			'status:running',
			'status:finished',
			'status:waiting_for_confirmation',
			'status:paused',
			'status:idle',
			'status:stuck',
			'status:error',
		]) {
			expect(all, wanted).toContain(wanted);
		}
	});

	it('ends each history in the status its conversation reports; the waiting one on a risky action without observation', async () => {
		const server = await startServer({live: false, now: manualClock().now});
		for (const c of await conversations(server)) {
			if (c.execution_status === null) continue;
			const events = await currentEvents(server, c.id);
			const updates = events.filter(e => e.kind === 'ConversationStateUpdateEvent');
			if (c.execution_status === 'idle' && updates.length === 0) continue; // created without a message
			expect(updates.at(-1)?.value, c.title).toBe(c.execution_status);
		}
		const waiting = await byTitle(server, 'Plan: split the monolith');
		expect(waiting.execution_status).toBe('waiting_for_confirmation');
		const events = await currentEvents(server, waiting.id);
		const pending = events.filter(e => e.kind === 'ActionEvent').at(-1);
		expect(pending.security_risk).toBe('HIGH');
		expect(events.some(e => e.action_id === pending.id)).toBe(false);
	});

	it('keeps null keys in current app-server dumps and uses the 1.37 classes', async () => {
		const server = await startServer({live: false, now: manualClock().now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const events = await currentEvents(server, c.id);
		const action = events.find(e => e.kind === 'ActionEvent' && e.action.kind === 'TerminalAction');
		expect(action).toMatchObject({source: 'agent', parent_id: null, reasoning_content: null, critic_result: null, summary: null});
		expect(Object.keys(action.action)).toEqual(['kind', 'command', 'is_input', 'timeout', 'reset']);
		expect(action.tool_name).toBe('terminal');
		expect(action.tool_call.arguments).toBe(JSON.stringify({command: action.action.command}).replace('":"', '": "'));
		const message = events.find(e => e.kind === 'MessageEvent');
		expect(message.llm_message).not.toHaveProperty('cache_enabled');
		expect(message.llm_message.content[0]).toEqual({cache_prompt: false, type: 'text', text: expect.any(String)});
	});

	it('tells the same story on every start: texts from the title, ids from the conversation', async () => {
		const clock = manualClock();
		const story = async () => {
			const server = await startServer({live: false, now: clock.now});
			const c = await byTitle(server, 'Investigate memory leak');
			const events = await currentEvents(server, c.id);
			return {
				ids: events.map(e => e.id),
				plot: events.map(e => [e.kind, e.action?.command ?? e.action?.message ?? e.llm_message?.content[0].text ?? e.value ?? ''].join(' ')),
			};
		};
		const [a, b] = [await story(), await story()];
		expect(a.plot).toEqual(b.plot);
		expect(a.plot.length).toBeGreaterThan(10);
		// conversation ids are random per start, and so are the event ids derived from them
		expect(a.ids).not.toEqual(b.ids);
	});

	it('seeds one conversation with exactly N events for the activity benchmark', async () => {
		const server = await startServer({live: false, seed: {events: 10_000}});
		const [c] = await conversations(server);
		expect(c!.sandbox_status).toBe('RUNNING');
		expect((await get(server, `/api/v1/conversation/${c!.id}/events/count`)).json).toBe(10_000);
		const last = await get(server, `/api/v1/conversation/${c!.id}/events/search?page_id=9990`);
		expect(last.json.items).toHaveLength(10);
		expect(last.json.next_page_id).toBeNull();
		expect(last.json.items.at(-1)).toMatchObject({kind: 'ConversationStateUpdateEvent', value: 'finished'});
		const condensations = (await get(server, `/api/v1/conversation/${c!.id}/events/count?kind__eq=Condensation`)).json;
		expect(condensations).toBeGreaterThan(10);
		expect(condensations).toBeLessThan(200);
	});

	it('adds the events to the newest of the scale-seeded conversations', async () => {
		const server = await startServer({live: false, seed: {sandboxes: 5, conversations: 20, events: 300}});
		const items = (await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true')).json.items;
		expect((await get(server, `/api/v1/conversation/${items[0].id}/events/count`)).json).toBe(300);
		expect((await get(server, `/api/v1/conversation/${items[1].id}/events/count`)).json).toBeLessThan(300);
	});
});
