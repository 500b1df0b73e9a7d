// Issue 21 item 15: the selection follows the item on every row, the top one included. A list that
// reorders at each poll made p, r, l, m and Enter act on whichever item was first at that instant.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {conversation, list, sandbox} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => cleanup());

const A = conversation({id: 'aaaa0000000000000000000000000001', title: 'Alpha task'});
const B = conversation({id: 'bbbb0000000000000000000000000002', title: 'Bravo task'});
const C = conversation({id: 'cccc0000000000000000000000000003', title: 'Charlie task'});

describe('the selection follows its item when the list reorders', () => {
	it('the top row, never moved to: Enter opens the item that was shown selected', async () => {
		const h = renderApp({rows: 30, columns: 120, snapshot: {conversations: list([A, B, C])}});
		const frame = await h.waitFor('Alpha task');
		expect(selectedLine(frame)).toContain('Alpha task');
		// a poll brings Bravo to the top
		h.store.set({conversations: list([B, A, C])});
		await h.waitFor(/Bravo task[\s\S]*Alpha task/);
		expect(selectedLine(h.frame())).toContain('Alpha task');
		await h.press(KEYS.enter);
		const detail = await h.waitFor('Conversation ');
		expect(detail).toContain('Alpha task');
		expect(detail).not.toMatch(/Conversation .*Bravo/);
	});

	it('attention first: a row that comes to need you moves to the top, the selection stays on its item', async () => {
		const running = (c: typeof A) => ({...c, execution_status: 'running'});
		const h = renderApp({rows: 30, columns: 120, snapshot: {conversations: list([running(A), running(B), running(C)])}});
		await h.waitFor('Alpha task');
		expect(selectedLine(h.frame())).toContain('Alpha task');
		// Charlie stops with an error: attention first puts it on top, over the selected row
		h.store.set({conversations: list([running(A), running(B), {...C, execution_status: 'error'}])});
		await h.waitFor(/Charlie task[^\n]*\n[^\n]*Alpha task/);
		expect(selectedLine(h.frame())).toContain('Alpha task');
		await h.press(KEYS.enter);
		const detail = await h.waitFor('Conversation ');
		expect(detail).toContain('Alpha task');
	});

	it('p on the top sandbox row after a reorder pauses the sandbox that was shown selected', async () => {
		const one = sandbox({id: 'oh-agent-server-aaaaaaaaaaaaaaaaaaaaa1', status: 'RUNNING'});
		const two = sandbox({id: 'oh-agent-server-bbbbbbbbbbbbbbbbbbbbb2', status: 'RUNNING'});
		const h = renderApp({rows: 30, columns: 120, snapshot: {visible: 'sandboxes', sandboxes: list([one, two])}});
		await h.waitFor('aaaaa1');
		h.store.set({sandboxes: list([two, one])});
		await h.waitFor(/bbbbb2[\s\S]*aaaaa1/);
		expect(selectedLine(h.frame())).toContain('aaaaa1');
		await h.press('p');
		await vi.waitFor(() => expect(h.store.callsOf('pauseSandbox')).toEqual([[one.id]]));
	});

	it("while the first load is still coming (another server's rows), the top row is the one selected (issue 26 item 17)", async () => {
		// the demo: one server answered, the other's rows come next and sort first
		const h = renderApp({rows: 30, columns: 120, snapshot: {conversations: list([A, C], {loading: true})}});
		await h.waitFor('Alpha task');
		expect(selectedLine(h.frame())).toContain('Alpha task');
		h.store.set({conversations: list([B, A, C])});
		await h.waitFor(/Bravo task[\s\S]*Alpha task/);
		expect(selectedLine(h.frame())).toContain('Bravo task');
		// from then on it follows its item
		h.store.set({conversations: list([A, B, C])});
		await h.waitFor(/Alpha task[\s\S]*Bravo task/);
		expect(selectedLine(h.frame())).toContain('Bravo task');
	});
});
