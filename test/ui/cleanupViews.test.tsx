import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {setReadOnly} from '../../source/ui/keys/activeKeymap.js';
import {helpEntries} from '../../source/ui/widgets/HelpOverlay.js';
import {NOW, conversation, list, sandbox} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => {
	cleanup();
	setReadOnly(false);
});

const SHARED = 'oh-sandbox-shared';
const A = conversation({id: 'a'.repeat(32), title: 'Alpha', sandbox_id: SHARED});
const B = conversation({id: 'b'.repeat(32), title: 'Beta', sandbox_id: SHARED});
const C = conversation({id: 'c'.repeat(32), title: 'Gamma alone', sandbox_id: 'oh-sandbox-gamma'});

describe('deletes ask first and say what goes with it', () => {
	it('D on a conversation whose sandbox is shared: names the others; y deletes it, one call', async () => {
		const h = renderApp({snapshot: {conversations: list([A, B, C])}});
		await h.waitFor('Alpha');
		await h.press('D');
		await h.waitFor('Delete conversation "Alpha"?');
		expect(h.store.callsOf('conversationsInSandbox')).toEqual([[SHARED]]);
		expect(h.frame()).toContain(`checking which conversations use sandbox ${SHARED}…`);
		// not before the names are known
		await h.press('y');
		expect(h.store.callsOf('deleteConversation')).toEqual([]);
		h.store.set({sandboxConversations: {sandboxId: SHARED, conversations: [A, B], source: 'server', error: null}});
		await h.waitFor(`its sandbox ${SHARED} stays: "Beta" still uses it`);
		await h.press('y');
		expect(h.store.callsOf('deleteConversation')).toEqual([[A.id]]);
		await h.waitForGone('Delete conversation');
	});

	it('D on a conversation alone in its sandbox says the sandbox goes too; n cancels', async () => {
		const h = renderApp({snapshot: {conversations: list([C])}});
		await h.waitFor('Gamma alone');
		await h.press('D');
		h.store.set({sandboxConversations: {sandboxId: C.sandbox_id, conversations: [C], source: 'loaded', error: null}});
		const frame = await h.waitFor('is deleted too');
		expect(frame.replace(/\s+/g, ' ')).toContain(
			'its sandbox oh-sandbox-gamma is deleted too: no other conversation uses it (among the loaded conversations: this server cannot look up',
		);
		await h.press('n');
		await h.waitForGone('Delete conversation');
		expect(h.store.callsOf('deleteConversation')).toEqual([]);
		expect(h.store.callsOf('conversationsInSandbox').at(-1)).toEqual([null]);
	});

	it('D on a sandbox names the conversations that lose it', async () => {
		const shared = sandbox({id: SHARED});
		const h = renderApp({snapshot: {conversations: list([A, B]), sandboxes: list([shared])}});
		await h.press('3');
		await h.waitFor(SHARED);
		await h.press('D');
		h.store.set({sandboxConversations: {sandboxId: SHARED, conversations: [A, B], source: 'server', error: null}});
		await h.waitFor('its 2 conversations "Alpha" and "Beta" lose their runtime');
		await h.press(KEYS.enter);
		expect(h.store.callsOf('deleteSandbox')).toEqual([[SHARED]]);
	});

	it('a lookup that failed still lets the user decide, saying it could not check', async () => {
		const h = renderApp({snapshot: {conversations: list([A])}});
		await h.press('D');
		h.store.set({sandboxConversations: {sandboxId: SHARED, conversations: null, source: null, error: {kind: 'unreachable', message: 'connection refused', at: 0}}});
		await h.waitFor('could not check who else uses');
		await h.press('y');
		expect(h.store.callsOf('deleteConversation')).toEqual([[A.id]]);
	});
});

describe('p and r on a conversation act on its sandbox', () => {
	it('ask first, naming the conversations that share it', async () => {
		const h = renderApp({snapshot: {conversations: list([A, B])}});
		await h.waitFor('Alpha');
		await h.press('p');
		h.store.set({sandboxConversations: {sandboxId: SHARED, conversations: [A, B], source: 'server', error: null}});
		await h.waitFor(`Pause sandbox ${SHARED} of "Alpha"?`);
		expect(h.frame()).toContain('the whole runtime stops: "Beta" stops too. P pauses only the agent');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		await h.press('y');
		expect(h.store.callsOf('pauseSandbox')).toEqual([[SHARED]]);
	});

	it('go ahead without a question when nobody else uses it', async () => {
		const paused = {...C, sandbox_status: 'PAUSED'};
		const h = renderApp({snapshot: {conversations: list([paused])}});
		await h.waitFor('Gamma alone');
		await h.press('r');
		expect(h.store.callsOf('resumeSandbox')).toEqual([]);
		h.store.set({sandboxConversations: {sandboxId: C.sandbox_id, conversations: [paused], source: 'server', error: null}});
		await h.waitFor('Gamma alone');
		await vi.waitFor(() => expect(h.store.callsOf('resumeSandbox')).toEqual([[C.sandbox_id]]));
		expect(h.frame()).not.toContain('Resume sandbox');
	});

	it("offer and do only what the sandbox's status allows: an ERROR one resumes, never pauses; a MISSING one neither", async () => {
		const failed = {...C, sandbox_status: 'ERROR', execution_status: null};
		const gone = {...A, sandbox_id: 'oh-sandbox-gone', sandbox_status: 'MISSING', execution_status: null, updated_at: NOW - 3_600_000};
		const h = renderApp({snapshot: {conversations: list([failed, gone])}, columns: 160});
		await h.waitFor('Gamma alone');
		await h.waitFor('r resume');
		// the footer follows the selection once it is drawn
		let footer = (await h.waitForGone('p pause')).split('\n').at(-1)!;
		expect(footer).toContain('r resume');
		await h.press('p');
		await h.waitFor('the sandbox is ERROR: it can be resumed or deleted, not paused');
		expect(h.store.callsOf('conversationsInSandbox')).toEqual([]);
		expect(h.frame()).not.toContain('Pause sandbox');
		await h.press('j');
		await vi.waitFor(() => expect(selectedLine(h.frame())).toContain('Alpha'));
		footer = (await h.waitForGone('r resume')).split('\n').at(-1)!;
		expect(footer).not.toContain('p pause');
		expect(footer).toContain('l activity');
		await h.press('p', 'r');
		await h.waitFor('the sandbox is MISSING: it can only be deleted, not resumed');
		expect(h.store.calls.filter(c => ['pauseSandbox', 'resumeSandbox', 'conversationsInSandbox'].includes(c.method))).toEqual([]);
	});
});

describe('--read-only', () => {
	it('turns every key that changes something off, says so, and shows it in the header, footer and help', async () => {
		const h = renderApp({snapshot: {conversations: list([A, C]), sandboxes: list([sandbox()])}, readOnly: true});
		const frame = await h.waitFor('l activity');
		expect(frame.split('\n')[0]).toContain('read-only');
		const footer = frame.split('\n').at(-1)!;
		expect(footer).not.toMatch(/n new|p pause|m message/);
		expect(footer).toContain('l activity');

		for (const key of ['D', 'p', 'r', 'n', 'm']) await h.press(key);
		await h.waitFor('read-only:');
		expect(h.frame()).not.toContain('New conversation');
		expect(h.frame()).not.toContain('Delete conversation');
		expect(h.store.calls.filter(c => ['deleteConversation', 'pauseSandbox', 'resumeSandbox', 'createConversation', 'conversationsInSandbox'].includes(c.method))).toEqual([]);
		await h.press('3');
		await h.waitFor('STATUS');
		for (const key of ['n', 'p', 'r', 'D']) await h.press(key);
		expect(h.store.calls.filter(c => ['startSandbox', 'pauseSandbox', 'resumeSandbox', 'deleteSandbox'].includes(c.method))).toEqual([]);
		// navigation still works
		await h.press('c');
		await h.waitFor('Conversations in sandbox');
		await h.press(KEYS.esc, '?');
		await h.waitFor('read-only: keys that change something are off');
		const lines = helpEntries().map(e => (e.kind === 'field' ? `${e.label} ${e.value}` : e.text));
		expect(lines).toContain('D delete the selected conversation (asks first) (off: read-only)');
		expect(lines).toContain('n start a sandbox (off: read-only)');
		expect(lines).toContain("o the list's own order (conversations: attention first) or the server's");
	});
});

describe('sort and quick filters', () => {
	const many = [
		conversation({id: '1'.repeat(32), title: 'Charlie', execution_status: 'running', sandbox_status: 'RUNNING'}),
		conversation({id: '2'.repeat(32), title: 'alpha', execution_status: 'waiting_for_confirmation', sandbox_status: 'RUNNING'}),
		conversation({id: '3'.repeat(32), title: 'Bravo', execution_status: null, sandbox_status: 'PAUSED'}),
	];
	// what the store derives for these rows: alpha waits (store/needsYouItems.ts)
	const waiting = {key: 'k', subject: 'conversation' as const, id: '2'.repeat(32), state: 'waiting_for_confirmation', reason: 'waiting' as const, title: 'alpha', at: NOW};
	/** the titles of the table's rows (not the details line under it), top to bottom */
	const titles = (frame: string) =>
		frame
			.split('\n')
			.filter(line => /^[› ] [?✗!✓▶·‖–◌] /.test(line))
			.map(line => /(Charlie|alpha|Bravo)/.exec(line)?.[1])
			.filter(Boolean);

	it("attention first by default; a column's key (underlined in the header) sorts by it, again reverses; o: the server's order, and back", async () => {
		const h = renderApp({snapshot: {conversations: list(many, {hasMore: true}), attention: [waiting]}});
		await h.waitFor('Charlie');
		// waiting, running, paused
		expect(titles(h.frame())).toEqual(['alpha', 'Charlie', 'Bravo']);
		expect(h.frame()).toContain('attention first (the loaded rows; the server has more)');
		await h.press('T');
		await h.waitFor('TITLE↑');
		expect(titles(h.frame())).toEqual(['alpha', 'Bravo', 'Charlie']);
		expect(h.frame()).toContain('sorted by title ↑ (the loaded rows; the server has more)');
		await h.press('T');
		await h.waitFor('TITLE↓');
		expect(titles(h.frame())).toEqual(['Charlie', 'Bravo', 'alpha']);
		// kept per tab for the session
		await h.press('3', '2');
		await h.waitFor('TITLE↓');
		await h.press('o');
		await h.waitFor('attention first');
		expect(h.frame()).not.toMatch(/[↑↓]/);
		await h.press('o');
		await h.waitFor("the server's order");
		expect(titles(h.frame())).toEqual(['Charlie', 'alpha', 'Bravo']);
		// a letter no column here has says so
		await h.press('K');
		await h.waitFor('K sorts by a column whose header shows it underlined: none here');
	});

	it('f cycles all, running, needs you, paused, error, and combines with /', async () => {
		const h = renderApp({snapshot: {conversations: list(many), attention: [waiting]}});
		await h.waitFor('Charlie');
		// running is what the STATE column says (▶ running), not the sandbox: alpha's sandbox runs, its agent waits
		await h.press('f');
		await h.waitFor('running: 1 of 3');
		expect(titles(h.frame())).toEqual(['Charlie']);
		await h.press('f');
		await h.waitFor('needs you: 1 of 3');
		expect(titles(h.frame())).toEqual(['alpha']);
		await h.press('f');
		await h.waitFor('paused: 1 of 3');
		expect(selectedLine(h.frame())).toContain('Bravo');
		await h.press('f', 'f');
		await h.waitFor('3 loaded');
		await h.press('f', '/', 'C', 'h', 'a', KEYS.enter);
		await h.waitFor('running, filter "Cha": 1 of 3');
		expect(titles(h.frame())).toEqual(['Charlie']);
	});
});
