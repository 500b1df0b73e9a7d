// Issue 21 item 7 in the UI: an approval dialog covers exactly the pending actions it showed. A new
// pending action under an open dialog makes it ask again, saying so; nothing pending any more closes
// it, saying nothing was sent; neither `y` nor Enter sends for a set the dialog did not show.
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {NOW, conversation, list} from '../fixtures.js';
import {KEYS, renderApp} from '../harness.js';
import {CURRENT, activityState, event} from '../eventFixtures.js';

afterEach(() => cleanup());

const ID = conversation().id;
const ev = (raw: object) => event(raw as Record<string, unknown>);
const base = [CURRENT.userMessage, CURRENT.running, CURRENT.terminal, CURRENT.terminalOutput].map(ev);
const rm = ev(CURRENT.pendingRm);
const edit = ev(CURRENT.pendingEdit);
const waitingEvent = ev(CURRENT.waiting);
const answered = ev({kind: 'UserRejectObservation', id: '11111111-0000-4000-8000-0000000000aa', timestamp: '2026-07-30T10:15:09.000000', source: 'environment', tool_name: 'terminal', tool_call_id: 'call_2', rejection_reason: 'no', action_id: rm.id});
const running = ev({...CURRENT.running, id: '11111111-0000-4000-8000-0000000000ab', timestamp: '2026-07-30T10:15:09.500000'});

function app() {
	return renderApp({
		rows: 40,
		columns: 120,
		snapshot: {
			conversations: list([conversation({execution_status: 'waiting_for_confirmation', updated_at: NOW})]),
			activity: activityState(ID, [...base, rm, waitingEvent]),
		},
	});
}

async function open(h: ReturnType<typeof app>) {
	await h.waitFor('Fix flaky');
	await h.press('l');
	return h.waitFor('a accept');
}

describe('a dialog over a pending set that changes', () => {
	it('a second action arrives under the accept dialog: it asks again, and y accepts what it then shows', async () => {
		const h = app();
		await open(h);
		await h.press('a');
		await h.waitFor('Accept the pending action: terminal $ rm -rf build/');
		h.store.set({activity: activityState(ID, [...base, rm, edit, waitingEvent])});
		await h.waitFor('The pending actions changed: accept 2 pending actions?');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		await h.press('y');
		await h.waitForGone('pending actions changed');
		expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'accept', undefined]]);
	});

	it('nothing waits any more under the reject dialog: it closes, says nothing was sent, Enter sends nothing', async () => {
		const h = app();
		await open(h);
		await h.press('x');
		await h.waitFor('reason (optional)');
		await h.press(...'too risky');
		h.store.set({
			conversations: list([conversation({execution_status: 'running', updated_at: NOW})]),
			activity: activityState(ID, [...base, rm, waitingEvent, answered, running]),
		});
		await h.waitForGone('reason (optional)');
		await h.waitFor('nothing waits for a confirmation any more: nothing was rejected');
		await h.press(KEYS.enter);
		expect(h.store.callsOf('controlAgent')).toEqual([]);
	});
});
