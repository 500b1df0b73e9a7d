import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {NOW, conversation, list} from '../fixtures.js';
import {KEYS, renderApp, selectedLine} from '../harness.js';
import {activityState, currentTrajectory, legacyTrajectory} from '../eventFixtures.js';

afterEach(() => cleanup());

const ID = conversation().id;
// up to the state update that says the agent waits (two parallel tool calls pending)
const waitingEvents = () => currentTrajectory().slice(0, 7);

function app(events = waitingEvents(), status: string | null = 'waiting_for_confirmation') {
	return renderApp({
		rows: 40,
		columns: 120,
		snapshot: {conversations: list([conversation({execution_status: status as 'waiting_for_confirmation', updated_at: NOW})]), activity: activityState(ID, events)},
	});
}

async function open(h: ReturnType<typeof app>) {
	await h.waitFor('Fix flaky');
	await h.press('l');
	return h.waitFor('waiting for confirmation:');
}

describe('approve and reject', () => {
	it('the row says the agent waits for confirmation', async () => {
		const h = app();
		const frame = await h.waitFor('Fix flaky');
		expect(selectedLine(frame)).toMatch(/^› \? waiting +Fix flaky/);
		expect(selectedLine(frame)).toContain('waits for your confirm');
	});

	it('the activity shows the pending actions with tool, command or edit, and risk', async () => {
		const h = app();
		const frame = await open(h);
		expect(frame).toContain('waiting for confirmation: 2 actions · a accept · x reject');
		expect(frame).toContain('  terminal $ rm -rf build/ · risk HIGH');
		expect(frame).toContain('  file_editor create /workspace/project/src/json_out.py · risk MEDIUM');
		expect(frame).toContain('agent waiting_for_confirmation');
		await h.waitFor('a accept  x reject');
	});

	it('a asks once; y accepts (controlAgent accept); n cancels', async () => {
		const h = app();
		await open(h);
		await h.press('a');
		await h.waitFor('Accept 2 pending actions?');
		await h.press('n');
		await h.waitForGone('Accept 2 pending actions?');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		await h.press('a');
		await h.waitFor('Accept 2 pending actions?');
		await h.press('y');
		await h.waitForGone('Accept 2 pending actions?');
		expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'accept', undefined]]);
	});

	it('x takes an optional one-line reason; Enter rejects with it', async () => {
		const h = app();
		await open(h);
		await h.press('x');
		await h.waitFor('reason (optional)');
		await h.press(...'keep the build dir');
		await h.waitFor('keep the build dir');
		// typing q or a into the reason does not quit or accept
		await h.press(' q a');
		await h.press(KEYS.enter);
		await h.waitForGone('reason (optional)');
		expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'reject', 'keep the build dir q a']]);
		expect(h.onQuit).not.toHaveBeenCalled();
	});

	it('x, a reason and Enter in one read: the reason goes in, then Enter rejects', async () => {
		const h = app();
		await open(h);
		await h.press('xnot the build dir\r');
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'reject', 'not the build dir']]));
		await h.waitForGone('reason (optional)');
	});

	it('a pasted reason keeps to one line and does not reject; arrows and Backspace edit it', async () => {
		const h = app();
		await open(h);
		await h.press('x');
		await h.waitFor('reason (optional)');
		await h.press('first line\rsecond line\r');
		await h.waitFor('> first line second line');
		await h.press('\x1b[200~ pasted\r\x1b[201~');
		await h.waitFor('> first line second line pasted');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		await h.press('\x1b[D', KEYS.backspace, KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'reject', 'first line second line pastd']]));
	});

	it('x then Enter rejects without a reason; Esc cancels', async () => {
		const h = app();
		await open(h);
		await h.press('x');
		await h.waitFor('reason (optional)');
		await h.press(KEYS.esc);
		await h.waitForGone('reason (optional)');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		await h.press('x');
		await h.waitFor('reason (optional)');
		await h.press(KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'reject', undefined]]));
	});

	it('a single pending action is named in the question', async () => {
		const events = waitingEvents();
		events.splice(5, 1);
		const h = app(events);
		await open(h);
		await h.press('a');
		await h.waitFor('Accept the pending action: terminal $ rm -rf build/ · risk HIGH?');
	});

	it('when the agent is not waiting, a and x say so and do nothing', async () => {
		const h = app(legacyTrajectory(), 'finished');
		await h.waitFor('Fix flaky');
		await h.press('l');
		await h.waitFor('Esc back');
		expect(h.frame()).not.toContain('a accept');
		await h.press('a');
		await h.waitFor('the agent is not waiting for a confirmation');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
	});
});

describe('answered from the list and from ! (issue 19 §2)', () => {
	/** the store read the waiting agent's newest events (store/glimpses.ts) */
	// what its agent server can do, as the store's glimpse asked it (issue 27 item 17); null: not asked yet
	function listApp(events = waitingEvents(), status = 'waiting_for_confirmation', agent: {version: string; rejects: boolean} | null = {version: '1.43.1', rejects: true}) {
		const c = conversation({execution_status: status as 'waiting_for_confirmation', updated_at: NOW});
		return renderApp({
			rows: 40,
			columns: 120,
			snapshot: {
				conversations: list([c]),
				glimpses: {[ID]: {events, fetchedAt: NOW, error: null, stateSince: null, ...(agent ? {agent} : {})}},
				attention: status === 'waiting_for_confirmation' ? [{key: 'k', subject: 'conversation', id: ID, state: status, reason: 'waiting', title: c.title ?? '', at: NOW, conversation: c}] : [],
			},
		});
	}

	it('the row says what it waits for; the preview shows it with the keys; a asks as the activity does, y accepts', async () => {
		const h = listApp();
		const frame = await h.waitFor('Fix flaky');
		expect(selectedLine(frame)).toContain('approve: $ rm -rf build/');
		expect(frame).toContain('waits for you (a accept · x reject): terminal $ rm -rf build/ · risk HIGH · file_editor create /workspace/project');
		await h.waitFor(/a accept {2}x reject/);
		await h.press('a');
		await h.waitFor('Accept 2 pending actions of “Fix flaky date parsing test”?');
		await h.press('y');
		await h.waitForGone('Accept 2 pending actions');
		expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'accept', undefined]]);
		// nothing else was opened: the list is where it was
		expect(h.store.callsOf('openActivity')).toEqual([]);
	});

	it('x from the list takes a reason and rejects', async () => {
		const h = listApp();
		await h.waitFor('Fix flaky');
		await h.press('x');
		await h.waitFor('reason (optional)');
		await h.press(...'not now', KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'reject', 'not now']]));
	});

	it("x before its agent server said whether it can reject: it asks that first, never for a reason it would drop (issue 27 item 17)", async () => {
		const h = listApp(waitingEvents(), 'waiting_for_confirmation', null);
		await h.waitFor('Fix flaky');
		await h.press('x');
		await h.waitFor('Asking its agent server whether it can reject');
		expect(h.frame()).not.toContain('reason (optional)');
		expect(h.store.callsOf('askAgent')).toContainEqual([ID]);
		await h.press('y');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		h.store.set({glimpses: {[ID]: {events: waitingEvents(), fetchedAt: NOW, error: null, stateSince: null, agent: {version: '1.1.0', rejects: false}}}});
		await h.waitFor('This agent server (1.1.0) cannot reject an action: leave it waiting?');
		await h.press('y');
		await h.waitFor('left waiting: nothing was sent');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
	});

	it('from !: the line names what it waits for; a and y accept it there', async () => {
		const h = listApp();
		await h.waitFor('Fix flaky');
		await h.press('!');
		const frame = await h.waitFor('Needs you (1)');
		expect(frame).toContain('Fix flaky date parsing test: approve “rm -rf build/ (+1 more)”?');
		await h.press('a');
		await h.waitFor('Accept 2 pending actions of “Fix flaky date parsing test”?');
		await h.press('y');
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'accept', undefined]]));
		expect(h.frame()).toContain('Needs you');
	});

	it('a on a row that waits for nothing says why and sends nothing', async () => {
		const h = listApp(legacyTrajectory(), 'running');
		await h.waitFor('Fix flaky');
		expect(h.frame()).not.toContain('a accept');
		await h.press('a');
		await h.waitFor('nothing to accept: “Fix flaky date parsing test” is running');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
	});
});
