import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import type {AttentionItem} from '../../source/store/types.js';
import {NOW, conversation, list, sandbox, startTask} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => cleanup());

const A = conversation({id: 'a'.repeat(32), title: 'Alpha waits', execution_status: 'waiting_for_confirmation', sandbox_id: 'oh-sandbox-alpha'});
const B = conversation({id: 'b'.repeat(32), title: 'Beta is done', execution_status: 'finished', sandbox_id: 'oh-sandbox-beta'});

const REASONS: Record<string, AttentionItem['reason']> = {waiting_for_confirmation: 'waiting', error: 'error', stuck: 'stuck', finished: 'finished'};

const item = (subject: AttentionItem['subject'], id: string, state: string, title: string, at = NOW - 60_000): AttentionItem => ({
	key: `${subject}:${id}:${state}:${at}`,
	subject,
	id,
	state,
	...(subject === 'conversation' ? {reason: REASONS[state]} : {}),
	transition: true,
	title,
	at,
});

describe('what needs you', () => {
	it('the header counts it, and says nothing at 0', async () => {
		const h = renderApp({snapshot: {conversations: list([A, B])}});
		await h.waitFor('Alpha waits');
		expect(h.frame().split('\n')[0]).not.toMatch(/need/);
		h.store.set({attention: [item('conversation', A.id, 'waiting_for_confirmation', 'Alpha waits')]});
		await h.waitFor('1 needs you (!)');
		h.store.set({
			attention: [item('conversation', A.id, 'waiting_for_confirmation', 'Alpha waits'), item('conversation', B.id, 'finished', 'Beta is done')],
		});
		const header = (await h.waitFor('2 need you (!)')).split('\n')[0]!;
		expect(header).toMatch(/2 need you \(!\)\s+ok$/);
	});

	it('! lists them attention first; Enter opens the activity (which marks it seen); Esc comes back to !, then to where ! was opened', async () => {
		const items = [item('conversation', B.id, 'finished', 'Beta is done', NOW - 1000), item('conversation', A.id, 'waiting_for_confirmation', 'Alpha waits')];
		const h = renderApp({snapshot: {conversations: list([A, B]), attention: items}});
		await h.waitFor('Alpha waits');
		await h.press('3');
		await h.waitFor('oh-agent-server');
		await h.press('!');
		const frame = await h.waitFor('Needs you (2)');
		// the waiting one first, though it is older: attention first
		const lines = frame.split('\n');
		expect(lines.findIndex(l => l.includes('Alpha waits waits for your confirmation'))).toBeLessThan(lines.findIndex(l => l.includes('Beta is done finished')));
		expect(selectedLine(frame)).toMatch(/\? +1m {2}Alpha waits/);
		await h.press('j', KEYS.enter);
		// the Conversations tab, with Beta's activity open; opening it is what marks it seen (the store)
		await vi.waitFor(() => expect(h.store.callsOf('openActivity')).toEqual([[B.id]]));
		expect(h.store.callsOf('dismissAttention')).toEqual([]);
		expect(h.store.callsOf('setVisible').at(-1)).toEqual(['conversations']);
		await h.waitForGone('Needs you');
		// one navigation stack: back to !, then back to the Sandboxes tab it was opened over
		await h.press(KEYS.esc);
		await h.waitFor('Needs you (2)');
		await h.press(KEYS.esc);
		await h.waitForGone('Needs you');
		await h.waitFor('STATUS');
		expect(h.store.callsOf('setVisible').at(-1)).toEqual(['sandboxes']);
	});

	it('! keeps the selection on its item when a new one comes in above it (a then answers what the marker is on)', async () => {
		const C = conversation({id: 'c'.repeat(32), title: 'Gamma waits too', execution_status: 'waiting_for_confirmation', sandbox_id: 'oh-sandbox-gamma'});
		const alpha = item('conversation', A.id, 'waiting_for_confirmation', 'Alpha waits');
		const h = renderApp({snapshot: {conversations: list([A, B, C]), attention: [alpha]}});
		await h.waitFor('Alpha waits');
		await h.press('!');
		expect(selectedLine(await h.waitFor('Needs you (1)'))).toContain('Alpha waits');
		// newer, same state: it sorts first
		h.store.set({attention: [alpha, item('conversation', C.id, 'waiting_for_confirmation', 'Gamma waits too', NOW - 1000)]});
		const frame = await h.waitFor('Needs you (2)');
		const lines = frame.split('\n');
		expect(lines.findIndex(l => l.includes('Gamma waits too'))).toBeLessThan(lines.findIndex(l => l.includes('Alpha waits waits')));
		expect(selectedLine(frame)).toContain('Alpha waits');
	});

	it('a sandbox item selects the sandbox on its tab; d dismisses one, c clears them all, Esc closes', async () => {
		const gone = sandbox({id: 'oh-agent-server-r0sC74KqVykWW3N2ZYGRW', status: 'PAUSED'});
		const items = [
			item('sandbox', gone.id, 'ERROR', `sandbox ${gone.id}`),
			item('start-task', 't'.repeat(32), 'ERROR', '500: Sandbox not startable'),
			item('conversation', A.id, 'stuck', 'Alpha waits'),
		];
		const h = renderApp({snapshot: {conversations: list([A]), sandboxes: list([sandbox(), gone]), attention: items}});
		await h.waitFor('Alpha waits');
		await h.press('!');
		await h.waitFor('Needs you (3)');
		expect(h.frame()).toContain(`sandbox ${gone.id} is in ERROR`);
		expect(h.frame()).toContain('a new conversation failed to start: 500: Sandbox not startable');
		await h.press('d');
		expect(h.store.callsOf('dismissAttention')).toEqual([[items[0]!.key]]);
		await h.press('c');
		expect(h.store.callsOf('dismissAttention').at(-1)).toEqual([undefined]);
		await h.press(KEYS.esc);
		await h.waitForGone('Needs you');

		await h.press('!', KEYS.enter);
		await h.waitFor('STATUS');
		// the id is cut in the middle at 100 columns
		expect(selectedLine(h.frame())).toMatch(/oh-agent-server-.*ZYGRW/);
	});
});

describe('related things, one key away', () => {
	it('s on a conversation selects its sandbox on the Sandboxes tab, clearing what would hide it', async () => {
		const other = sandbox({id: 'oh-sandbox-beta', status: 'PAUSED'});
		const h = renderApp({snapshot: {conversations: list([A, B]), sandboxes: list([sandbox(), other])}});
		await h.waitFor('Alpha waits');
		await h.press('j', 's');
		await h.waitFor('STATUS');
		expect(selectedLine(h.frame())).toContain('oh-sandbox-beta');
	});

	it('s to a sandbox not among the loaded ones reads it by id, and selects it when it arrives (issue 21 item 19)', async () => {
		const h = renderApp({snapshot: {conversations: list([A]), sandboxes: list([sandbox()])}});
		await h.waitFor('Alpha waits');
		await h.press('s');
		await vi.waitFor(() => expect(h.store.callsOf('reveal')).toEqual([['sandboxes', 'oh-sandbox-alpha']]));
		// the store puts it on top of its list
		h.store.set({sandboxes: list([sandbox({id: 'oh-sandbox-alpha'}), sandbox()])});
		await h.waitFor('oh-sandbox-alpha');
		expect(selectedLine(h.frame())).toContain('oh-sandbox-alpha');
	});

	it('c on a sandbox lists its conversations: from the server, or from what is loaded (saying so)', async () => {
		const shared = sandbox({id: 'oh-sandbox-shared'});
		const A2 = {...A, sandbox_id: shared.id};
		const B2 = {...B, sandbox_id: shared.id};
		const h = renderApp({snapshot: {conversations: list([A2, B2]), sandboxes: list([shared])}});
		await h.waitFor('Alpha waits');
		await h.press('3');
		await h.waitFor('oh-sandbox-shared');
		await h.press('c');
		await h.waitFor('Conversations in sandbox oh-sandbox-shared');
		await vi.waitFor(() => expect(h.store.callsOf('conversationsInSandbox')).toEqual([[shared.id]]));
		expect(h.frame()).toContain('looking…');
		h.store.set({sandboxConversations: {sandboxId: shared.id, conversations: [A2, B2], source: 'server', error: null}});
		await h.waitFor('2 on the server');
		expect(h.frame()).toContain('"Alpha waits"  waiting_for_confirmation');
		h.store.set({sandboxConversations: {sandboxId: shared.id, conversations: [B2], source: 'loaded', error: null}});
		await h.waitFor('among the loaded conversations only');
		// Enter opens that conversation's activity
		await h.press(KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('openActivity')).toEqual([[B.id]]));
		// leaving the list clears the lookup
		expect(h.store.callsOf('conversationsInSandbox').at(-1)).toEqual([null]);
	});

	it('a start task line: up from the first row selects it; Enter opens the conversation once it exists', async () => {
		const working = startTask({id: '1'.repeat(32), status: 'WAITING_FOR_SANDBOX'});
		const h = renderApp({snapshot: {conversations: list([A, B]), startTasks: [working]}});
		await h.waitFor('WAITING_FOR_SANDBOX');
		await h.press('k');
		expect(selectedLine(h.frame())).toContain('WAITING_FOR_SANDBOX');
		await h.press(KEYS.enter);
		await h.waitFor('the conversation is not ready yet (WAITING_FOR_SANDBOX)');
		h.store.set({startTasks: [{...working, status: 'READY', app_conversation_id: B.id}]});
		await h.waitFor('READY');
		await h.press(KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('openActivity')).toEqual([[B.id]]));
	});

	it('j from the start task line goes back to the table', async () => {
		const h = renderApp({snapshot: {conversations: list([A, B]), startTasks: [startTask({id: '1'.repeat(32), status: 'WORKING'})]}});
		await h.waitFor('WORKING');
		await h.press('k');
		expect(selectedLine(h.frame())).toContain('WORKING');
		await h.press('j');
		expect(selectedLine(h.frame())).toContain('Alpha waits');
	});
});

describe('the app calls the user', () => {
	it('writes one BEL around Ink per new item (default --notify bell), none for items already there', async () => {
		const first = item('conversation', A.id, 'waiting_for_confirmation', 'Alpha waits');
		const h = renderApp({snapshot: {conversations: list([A, B]), attention: [first]}});
		await h.waitFor('1 needs you');
		const bells = () => h.written.join('').split('\u0007').length - 1;
		expect(bells()).toBe(0);
		h.store.set({attention: [first, item('conversation', B.id, 'finished', 'Beta is done')]});
		await h.waitFor('2 need you');
		h.store.set({attention: [first, item('conversation', B.id, 'finished', 'Beta is done')]});
		h.store.poke();
		await vi.waitFor(() => expect(bells()).toBe(1));
		expect(h.written.join('')).toBe('\u0007');
	});

	it('--notify off writes nothing', async () => {
		const h = renderApp({snapshot: {conversations: list([A])}, notify: 'off'});
		await h.waitFor('Alpha waits');
		h.store.set({attention: [item('conversation', A.id, 'finished', 'Alpha waits')]});
		await h.waitFor('1 needs you');
		expect(h.written).toEqual([]);
	});
});
