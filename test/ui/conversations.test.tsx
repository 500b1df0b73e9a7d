import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {NOW, SESSION_KEY, conversation, list, startTask} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => cleanup());

const many = (n: number) =>
	Array.from({length: n}, (_, i) =>
		conversation({id: i.toString(16).padStart(32, '0'), title: `Conversation number ${i}`, updated_at: NOW - i * 60_000}),
	);

describe('Conversations view', () => {
	it('renders the table: state, title, what it does, repository@branch, sandbox, updated, id (wide); the title gets the spare width', async () => {
		const wide = renderApp({columns: 240});
		const row = selectedLine(await wide.waitFor('Fix flaky date parsing test'));
		expect(row).toMatch(/^› · finished +Fix flaky date parsing test/);
		expect(row).toContain('octo-org/hello-world@main');
		expect(row).toContain('RUNNING');
		expect(row).toContain('3m ago');
		expect(row).toContain('ca3b4');
		wide.unmount();

		// at 100 columns the id and the sandbox go first; the preview under the list has them all
		const h = renderApp({});
		const frame = await h.waitFor('Fix flaky date parsing test');
		const header = frame.split('\n').find(line => line.includes('ITLE'))!;
		expect(header).not.toContain('ID');
		expect(header.indexOf('DOING') - header.indexOf('TITLE')).toBeGreaterThanOrEqual(30);
		expect(frame).toContain('octo-org/hello-world@main');
		expect(frame).toContain('sandbox RUNNING');
		expect(frame).toContain('claude-sonnet-4-5 · $0.4321');
	});

	it('j/k/arrows/g/G move the selection; G loads all pages', async () => {
		const h = renderApp({snapshot: {conversations: list(many(30), {hasMore: true})}, rows: 20});
		await h.waitFor('Conversation number 0');
		expect(selectedLine(h.frame())).toContain('Conversation number 0 ');
		await h.press('j', 'j', KEYS.down);
		expect(selectedLine(h.frame())).toContain('Conversation number 3 ');
		await h.press('k', KEYS.up);
		expect(selectedLine(h.frame())).toContain('Conversation number 1 ');
		await h.press('G');
		await h.waitFor('Conversation number 29');
		expect(selectedLine(h.frame())).toContain('Conversation number 29');
		expect(h.store.callsOf('loadAll')).toEqual([['conversations']]);
		await h.press('g');
		expect(selectedLine(h.frame())).toContain('Conversation number 0 ');
		await h.press(KEYS.pageDown);
		expect(selectedLine(h.frame())).not.toContain('Conversation number 0 ');
		await h.press(KEYS.pageUp);
		expect(selectedLine(h.frame())).toContain('Conversation number 0 ');
	});

	it('asks for more when the selection nears the end of what is loaded, and tells the store what is on screen', async () => {
		const h = renderApp({snapshot: {conversations: list(many(30), {hasMore: true})}, rows: 20});
		await h.waitFor('Conversation number 0');
		// 20 rows: header, tabs, table header, 12 rows, status line, two details lines, footer
		expect(h.store.callsOf('setViewport')).toEqual([['conversations', 0, 11]]);
		expect(h.store.callsOf('loadMore')).toEqual([]);
		for (let i = 0; i < 20; i++) await h.press('j');
		await vi.waitFor(() => expect(h.store.callsOf('loadMore')[0]).toEqual(['conversations']));
		await vi.waitFor(() => expect(h.store.callsOf('setViewport').at(-1)).toEqual(['conversations', 9, 20]));
		// once per change of the visible range, never repeated
		const ranges = h.store.callsOf('setViewport').map(c => `${c[1]}-${c[2]}`);
		expect(new Set(ranges).size).toBe(ranges.length);
		expect(h.frame()).toContain('more…');
	});

	it('says "showing 1,000 of more" when capped', async () => {
		const h = renderApp({snapshot: {conversations: list(many(1000), {hasMore: true, capped: true})}});
		await h.waitFor('showing 1,000 of more');
	});

	it('/ filters across the visible columns; Esc clears', async () => {
		const h = renderApp({snapshot: {conversations: list(many(30))}, rows: 40});
		await h.waitFor('Conversation number 0');
		await h.press('/', '2', '1');
		let frame = await h.waitFor('Conversation number 21');
		expect(frame).not.toContain('Conversation number 3 ');
		expect(frame).not.toContain('Conversation number 0 ');
		await h.press(KEYS.enter);
		frame = await h.waitFor('filter "21": 1 of 30');
		// with the filter kept, keys go back to the table
		await h.press(KEYS.esc);
		frame = await h.waitFor('Conversation number 0');
		expect(frame).toContain('30 loaded');
		// Esc inside the input clears too
		await h.press('/', 'z', 'z', 'z');
		await h.waitFor('no match');
		await h.press(KEYS.esc);
		await h.waitFor('Conversation number 0');
	});

	it('Enter opens every field with the session key masked; Esc closes', async () => {
		const h = renderApp({rows: 60});
		await h.waitFor('Fix flaky');
		await h.press(KEYS.enter);
		const frame = await h.waitFor('Conversation ca3b40cdc88c4d06b14b1cff914b81cb');
		for (const text of ['$0.4321', '12,345', '678', '#12', 'http://localhost:39215/api/conversations/ca3b40cdc88c4d06b14b1cff914b81cb', 'oh-agent-server-6sk4ifOEcwkDClq9g9P10j', 'anthropic/claude-sonnet-4-5-20250929', 'session api key', '•••• (set)', '200,000']) {
			expect(frame).toContain(text);
		}
		expect(frame).not.toContain(SESSION_KEY);
		await h.waitFor('Esc close');
		await h.press(KEYS.esc);
		await h.waitFor('REPOSITORY');
	});

	it('n opens the form; typing, Tab between fields and Enter create the conversation', async () => {
		const h = renderApp({});
		await h.waitFor('Fix flaky');
		await h.press('n');
		await h.waitFor('New conversation');
		await h.press('F', 'i', 'x', ' ', 'q');
		await h.press(KEYS.tab);
		await h.press(...'octo/app');
		await h.press(KEYS.tab);
		await h.press(...'dev');
		await h.press(KEYS.shiftTab, 'X');
		const frame = await h.waitFor('octo/appX');
		expect(frame).toContain('Fix q');
		expect(frame).toContain('dev');
		await h.press(KEYS.enter);
		await h.waitFor('REPOSITORY');
		expect(h.store.callsOf('createConversation')).toEqual([
			[{initialMessage: 'Fix q', repository: 'octo/appX', branch: 'dev', sandboxId: null}],
		]);
		// keys typed into the form never reached the app: q did not quit
		expect(h.onQuit).not.toHaveBeenCalled();
	});

	it('the form requires an initial message; Esc cancels without calling the store', async () => {
		const h = renderApp({});
		await h.waitFor('Fix flaky');
		await h.press('n');
		await h.waitFor('New conversation');
		await h.press(KEYS.enter);
		await h.waitFor('Initial message is required');
		await h.press(KEYS.esc);
		await h.waitFor('REPOSITORY');
		expect(h.store.callsOf('createConversation')).toEqual([]);
	});

	it('shows start tasks above the table, step by step, with the error detail', async () => {
		const h = renderApp({snapshot: {startTasks: [startTask()]}});
		let frame = await h.waitFor('WAITING_FOR_SANDBOX');
		expect(frame).toContain('start 558ed');
		h.store.set({startTasks: [startTask({status: 'PREPARING_REPOSITORY'})]});
		await h.waitFor('PREPARING_REPOSITORY');
		h.store.set({startTasks: [startTask({status: 'ERROR', detail: 'Sandbox not startable\x1b[2J'})]});
		frame = await h.waitFor('Sandbox not startable');
		expect(frame).toContain('ERROR');
		expect(frame).not.toContain('\x1b[2J');
	});

	it('keeps the layout with a 10,000-character hostile title', async () => {
		const title = '\x1b]0;owned\x07\x1b[2J' + '開'.repeat(5000) + '\u202e' + 'x'.repeat(5000) + '\n\x9b31m';
		const h = renderApp({snapshot: {conversations: list([conversation({title})])}, columns: 80, rows: 24});
		const frame = await h.waitFor('開開');
		const lines = frame.split('\n');
		expect(lines).toHaveLength(24);
		expect(frame).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
		const {default: stringWidth} = await import('string-width');
		for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
	});
});

describe('a start task line selected (issue 19 §4: a key that does nothing says why)', () => {
	for (const key of ['/', 'l', 'a']) {
		it(`${key} (a list, row or answer key) says the selection is on a start task, and how to get back`, async () => {
			const h = renderApp({snapshot: {startTasks: [startTask()]}});
			await h.waitFor('WAITING_FOR_SANDBOX');
			await h.waitFor('Fix flaky date parsing test');
			await h.press('g', 'k');
			expect(selectedLine(h.frame())).toContain('start 558ed');
			expect(h.frame()).not.toContain('a start task is selected');
			await h.press(key);
			await h.waitFor('a start task is selected, not a conversation: j goes back down to the list');
			await h.press('j');
			expect(selectedLine(h.frame())).toContain('Fix flaky date parsing test');
		});
	}
});

describe('down from the start task lines (issue 27 item 17)', () => {
	it('j goes to the first row, the conversation just started there, not to the row selected before it came', async () => {
		const older = conversation({id: 'b'.repeat(32), title: 'Refactor payment retry logic', updated_at: NOW - 60_000});
		const h = renderApp({snapshot: {conversations: list([older]), startTasks: [startTask()]}});
		await h.waitFor('Refactor payment retry logic');
		await h.press('g', 'k');
		expect(selectedLine(h.frame())).toContain('start 558ed');
		// the task's conversation arrives on top of the list while its line is selected
		const started = conversation({id: 'a'.repeat(32), title: 'Fix the failing test in tests/test_dates.py', updated_at: NOW});
		h.store.set({conversations: list([started, older])});
		await h.waitFor('Fix the failing test');
		await h.press('j');
		expect(selectedLine(h.frame())).toContain('Fix the failing test');
	});
});
