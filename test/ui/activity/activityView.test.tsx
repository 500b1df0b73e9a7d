import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {conversation, list} from '../fixtures.js';
import {KEYS, renderApp, selectedLine} from '../harness.js';
import {LEGACY, activityState, currentTrajectory, event, legacyTrajectory, manyEvents} from '../eventFixtures.js';

afterEach(() => cleanup());

const ID = conversation().id;

/** The app on the Conversations tab with the activity of the fixture conversation loaded. */
function openWith(events = legacyTrajectory(), options: {rows?: number; columns?: number; activity?: Parameters<typeof activityState>[2]; conversation?: Parameters<typeof conversation>[0]} = {}) {
	return renderApp({
		rows: options.rows ?? 40,
		columns: options.columns ?? 120,
		snapshot: {conversations: list([conversation(options.conversation)]), activity: activityState(ID, events, options.activity)},
	});
}

async function openActivity(h: ReturnType<typeof renderApp>) {
	await h.waitFor('Fix flaky');
	await h.press('l');
	await h.waitFor('Esc back');
	return h.frame();
}

describe('activity view', () => {
	it('l opens the activity: header with title, statuses, repository, cost and tokens; one line per event, newest at the bottom', async () => {
		const h = openWith();
		const frame = await openActivity(h);
		expect(h.store.callsOf('openActivity')).toEqual([[ID]]);
		expect(frame).toContain('Fix flaky date parsing test');
		expect(frame).toMatch(/agent finished · sandbox RUNNING · octo-org\/hello-world@main · \$0\.4321 · 12,345 in \/ 678 out tokens/);
		const lines = frame.split('\n');
		const at = (text: string) => lines.findIndex(l => l.includes(text));
		expect(lines[at('$ pytest -q')]).toMatch(/09:12:14 agent +\$ pytest -q/);
		expect(lines[at('exit 1 · 2 failed')]).toMatch(/09:12:19 environment +exit 1 · 2 failed, 41 passed in 3\.21s …/);
		expect(lines[at('Run the tests')]).toMatch(/09:12:10 user +Run the tests and fix what fails …/);
		for (const text of ['edit /workspace/project/app/dates.py (replace)', 'file edited', 'browse https://docs.python.org', 'rejected terminal: Do not delete the fixtures', 'paused the agent', 'condensed 1 event', 'LLMAuthenticationError', 'finish: Fixed the date parsing']) {
			expect(frame).toContain(text);
		}
		expect(frame).not.toContain('s3cr3tvalue');
		// transitions name where they came from
		expect(frame).toContain('status waiting_for_confirmation → finished');
		// oldest first, newest at the bottom and selected (following)
		expect(at('system prompt')).toBeLessThan(at('$ pytest -q'));
		expect(selectedLine(frame)).toContain('status waiting_for_confirmation → finished');
		expect(frame).toContain('following');
	});

	it('a cost of zero with no tokens (what legacy servers send for unmetered conversations) is not shown, as in the list', async () => {
		const h = openWith(legacyTrajectory(), {conversation: {metrics: {accumulated_cost: 0, accumulated_token_usage: {prompt_tokens: 0, completion_tokens: 0}}} as Parameters<typeof conversation>[0]});
		const frame = await openActivity(h);
		const header = frame.split('\n').find(line => line.includes('agent finished · sandbox RUNNING')) ?? '';
		expect(header).toMatch(/octo-org\/hello-world@main\s*$/);
		expect(frame).not.toContain('$0.0000');
	});

	it('Esc goes back to the list with the selection kept, and closes the activity', async () => {
		const h = renderApp({rows: 30, snapshot: {conversations: list([conversation({id: 'a'.repeat(32), title: 'First'}), conversation()]), activity: activityState(ID, legacyTrajectory())}});
		await h.waitFor('First');
		await h.press('j', 'l');
		await h.waitFor('$ pytest -q');
		await h.press(KEYS.esc);
		const frame = await h.waitFor('REPOSITORY');
		expect(selectedLine(frame)).toContain('Fix flaky');
		await vi.waitFor(() => expect(h.store.callsOf('closeActivity')).toHaveLength(1));
	});

	it('another tab closes the activity; coming back opens it again', async () => {
		const h = openWith();
		await openActivity(h);
		await h.press('3');
		await vi.waitFor(() => expect(h.store.callsOf('closeActivity')).toHaveLength(1));
		await h.press('2');
		await h.waitFor('Esc back');
		expect(h.store.callsOf('openActivity')).toEqual([[ID], [ID]]);
	});

	it('l from the details opens the activity; Esc comes back to the details', async () => {
		const h = openWith();
		await h.waitFor('Fix flaky');
		await h.press(KEYS.enter);
		await h.waitFor('Conversation ca3b40cdc88c4d06b14b1cff914b81cb');
		await h.press('l');
		await h.waitFor('$ pytest -q');
		await h.press(KEYS.esc);
		await h.waitFor('Conversation ca3b40cdc88c4d06b14b1cff914b81cb');
		await h.press(KEYS.esc);
		await h.waitFor('REPOSITORY');
	});

	it('follows new events; k pauses follow (setFollow false); G resumes it', async () => {
		const events = legacyTrajectory();
		const h = openWith(events);
		await openActivity(h);
		const later = event({...LEGACY.agentMessage, id: 'new-1', timestamp: '2025-11-15T10:08:00.000001', llm_message: {role: 'assistant', content: [{type: 'text', text: 'One more thing'}]}});
		h.store.set({activity: activityState(ID, [...events, later])});
		await vi.waitFor(() => expect(selectedLine(h.frame())).toContain('One more thing'));
		expect(h.store.callsOf('setFollow')).toEqual([]);
		await h.press('k');
		await vi.waitFor(() => expect(h.store.callsOf('setFollow')).toEqual([[false]]));
		expect(selectedLine(h.frame())).toContain('waiting_for_confirmation → finished');
		const evenLater = event({...LEGACY.agentMessage, id: 'new-2', timestamp: '2025-11-15T10:09:00.000001', llm_message: {role: 'assistant', content: [{type: 'text', text: 'And another'}]}});
		h.store.set({activity: activityState(ID, [...events, later, evenLater], {following: false})});
		const frame = await h.waitFor('And another');
		expect(selectedLine(frame)).toContain('waiting_for_confirmation → finished');
		expect(frame).toContain('follow off · 2 newer below (G follows)');
		await h.press('G');
		await vi.waitFor(() => expect(h.store.callsOf('setFollow')).toEqual([[false], [true]]));
		await vi.waitFor(() => expect(selectedLine(h.frame())).toContain('And another'));
		// f toggles
		await h.press('f');
		await vi.waitFor(() => expect(h.store.callsOf('setFollow').at(-1)).toEqual([false]));
		await h.press('f');
		await vi.waitFor(() => expect(h.store.callsOf('setFollow').at(-1)).toEqual([true]));
	});

	it('scrolling up near the top loads older events; prepended events keep the selected one on screen', async () => {
		const events = manyEvents(300).slice(200);
		const h = openWith(events, {rows: 30, activity: {hasOlder: true}});
		await openActivity(h);
		expect(h.store.callsOf('loadOlderEvents')).toEqual([]);
		for (let i = 0; i < 9; i++) await h.press(KEYS.pageUp);
		await vi.waitFor(() => expect(h.store.callsOf('loadOlderEvents').length).toBeGreaterThan(0));
		const before = selectedLine(h.frame());
		h.store.set({activity: activityState(ID, manyEvents(300).slice(100), {hasOlder: true, following: false})});
		await vi.waitFor(() => expect(h.frame()).toContain('200 events'));
		expect(selectedLine(h.frame())).toBe(before);
		// the store is told which events are on screen, in its indexes
		const last = h.store.callsOf('setActivityViewport').at(-1) as [number, number];
		expect(last[0]).toBeGreaterThanOrEqual(100);
		expect(last[1] - last[0]).toBeGreaterThan(10);
	});

	it('a short first page loads older events to fill the screen', async () => {
		const h = openWith(manyEvents(5), {activity: {hasOlder: true}});
		await openActivity(h);
		await vi.waitFor(() => expect(h.store.callsOf('loadOlderEvents')).toHaveLength(1));
	});

	it('Enter opens the event in a pager: command, full output, wrapped; Esc closes', async () => {
		const long = 'L'.repeat(500);
		const events = legacyTrajectory();
		events[3] = event({...LEGACY.bashOutput, observation: {...LEGACY.bashOutput.observation, content: [{type: 'text', text: `2 failed\n${long}\n${Array.from({length: 80}, (_, i) => `line ${i}`).join('\n')}`}]}});
		const h = openWith(events, {rows: 30});
		await openActivity(h);
		await h.press('g', 'j', 'j');
		expect(selectedLine(h.frame())).toContain('$ pytest -q');
		await h.press(KEYS.enter);
		let frame = await h.waitFor('action ExecuteBashAction · tool terminal · risk LOW');
		expect(frame).toContain('Let me run the test suite first.');
		expect(frame).toContain('output (exit 1)');
		expect(frame).toContain('L'.repeat(100));
		expect(frame).toMatch(/lines · j\/k/);
		expect(frame).not.toContain('line 79');
		await h.press('G');
		frame = await h.waitFor('line 79');
		await h.press(KEYS.esc);
		await h.waitFor('follow off · 15 newer below');
		expect(selectedLine(h.frame())).toContain('$ pytest -q');
	});

	it('/ filters events; o hides and shows tool outputs', async () => {
		const h = openWith();
		await openActivity(h);
		await h.press('/', 'e', 'x', 'i', 't');
		let frame = await h.waitFor('/ exit');
		expect(frame).toContain('exit 1 · 2 failed');
		expect(frame).not.toContain('$ pytest -q');
		await h.press(KEYS.enter);
		await h.waitFor('filter "exit": 1 of 18');
		// Esc clears the filter first, then goes back
		await h.press(KEYS.esc);
		frame = await h.waitFor('$ pytest -q');
		await h.press('o');
		frame = await h.waitFor('outputs hidden (o)');
		expect(frame).not.toContain('exit 1 · 2 failed');
		expect(frame).not.toContain('file edited');
		expect(frame).toContain('rejected terminal');
		await h.press('o');
		await h.waitFor('exit 1 · 2 failed');
	});

	it('/, the filter text and Enter in one read filter the events', async () => {
		const h = openWith();
		await openActivity(h);
		await h.press('/exit\r');
		const frame = await h.waitFor('filter "exit": 1 of 18');
		expect(frame).toContain('exit 1 · 2 failed');
		expect(frame).not.toContain('$ pytest -q');
	});

	it('P and R pause and run the agent; p and r pause and resume the sandbox; the footer offers what applies now', async () => {
		// the agent finished: it is not running, so the footer offers R, not P
		const h = openWith();
		const frame = await openActivity(h);
		expect(frame).toContain('agent finished');
		expect(frame).toContain('R run agent');
		expect(frame).not.toContain('P pause agent');
		expect(frame).toContain('p pause sandbox');
		expect(frame).not.toContain('r resume sandbox');
		// the agent keys still reach the store whatever the footer shows; a sandbox key the sandbox's
		// status rules out says why instead (a RUNNING sandbox has nothing to resume)
		await h.press('P', 'R', 'p');
		expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'pause', undefined], [ID, 'run', undefined]]);
		// p pauses the whole runtime: asked once, naming what stops (issue 26 item 7)
		h.store.set({sandboxConversations: {sandboxId: conversation().sandbox_id, conversations: [conversation()], source: 'server', error: null}});
		await h.waitFor('no other conversation runs in it');
		expect(h.frame()).toContain('P pauses only the agent');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		await h.press('y', 'r');
		expect(h.store.callsOf('pauseSandbox')).toEqual([[conversation().sandbox_id]]);
		await h.waitFor('the sandbox is RUNNING: nothing to resume');
		expect(h.store.callsOf('resumeSandbox')).toEqual([]);

		// a failed sandbox: resume it, never pause it
		const failed = openWith(currentTrajectory().slice(0, 3), {conversation: {sandbox_status: 'ERROR', execution_status: null}});
		const broken = await openActivity(failed);
		expect(broken).toContain('r resume sandbox');
		expect(broken).not.toContain('p pause sandbox');
		await failed.press('p');
		await failed.waitFor('the sandbox is ERROR: it can be resumed or deleted, not paused');
		expect(failed.store.callsOf('pauseSandbox')).toEqual([]);
		await failed.press('r');
		// as on the list: a resume asks only when other conversations share the sandbox
		failed.store.set({sandboxConversations: {sandboxId: conversation().sandbox_id, conversations: [conversation()], source: 'server', error: null}});
		await vi.waitFor(() => expect(failed.store.callsOf('resumeSandbox')).toEqual([[conversation().sandbox_id]]));

		// a running agent in a paused sandbox: r, not p; no agent key (there is no agent server to ask
		// until the sandbox runs); P and R say so and send nothing; three distinct words on screen
		const running = openWith(currentTrajectory().slice(0, 3), {conversation: {sandbox_status: 'PAUSED', execution_status: 'running'}});
		const paused = await openActivity(running);
		expect(paused).not.toContain('P pause agent');
		expect(paused).not.toContain('R run agent');
		expect(paused).toContain('r resume sandbox');
		expect(paused).not.toContain('p pause sandbox');
		expect(paused).toContain('sandbox PAUSED');
		await running.press('P');
		await running.waitFor('the sandbox is PAUSED: r resumes it, then the agent can be run or paused');
		await running.press('R');
		expect(running.store.callsOf('controlAgent')).toEqual([]);
	});

	it('? lists the activity keys', async () => {
		const h = openWith(legacyTrajectory(), {rows: 200});
		await openActivity(h);
		await h.press('?');
		const frame = await h.waitFor('Keys (/ filter · Esc or ? to close)');
		expect(frame).toContain("Here: Activity (a conversation's events)");
		for (const text of ['pause the agent after the current step (agent server; the sandbox keeps running)', "pause the conversation's sandbox (the whole runtime)", 'run the agent again', 'accept the pending action(s)', 'Ctrl-j/Alt-Enter', 'hide / show tool outputs']) {
			expect(frame).toContain(text);
		}
	});

	it('10,000 events: only the rows on screen are drawn; G, k and PgUp move through them', async () => {
		const h = openWith(manyEvents(10_000), {rows: 30});
		const frame = await openActivity(h);
		expect(frame).toContain('10,000 events');
		const rows = frame.split('\n').filter(l => /\d\d:\d\d:\d\d (agent|environment)/.test(l));
		// rows - 2 header - 2 footer - 2 activity header - status line
		expect(rows).toHaveLength(30 - 2 - 2 - 2 - 1);
		expect(selectedLine(frame)).toContain('$ echo step 9999');
		await h.press('k', KEYS.pageUp);
		expect(selectedLine(h.frame())).toContain('$ echo step 9975');
		await h.press('g');
		expect(selectedLine(h.frame())).toContain('$ echo step 0');
	});

	it('hostile event strings stay on their line', async () => {
		const hostile = event({...LEGACY.bash, action: {kind: 'ExecuteBashAction', command: '\x1b]0;owned\x07\x1b[2J' + '開'.repeat(3000) + '\u202e' + 'x'.repeat(10_000)}});
		const h = openWith([hostile], {columns: 80, rows: 24});
		const frame = await openActivity(h);
		expect(frame).toContain('$ 開開');
		expect(frame).not.toContain('\x1b]0');
		for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
	});
});
