// The Conversations list's work when a glimpse comes (issue 29 item 2): the selected row's newest
// events, read each time the selection moves, change the DOING column and the preview, not the
// rows' states, so the 1,000 rows are not sorted again (they were, once a key: the row context
// with the glimpses in it was what the order was made of).
import {describe, expect, it, vi} from 'vitest';
import {event, CURRENT} from './eventFixtures.js';
import {conversation, list, NOW} from './fixtures.js';
import {KEYS, renderApp} from './harness.js';

const sorts = vi.hoisted(() => ({count: 0}));
const renders = vi.hoisted(() => ({count: 0}));

// a hook the list calls once a render
vi.mock('../../source/ui/attention/useRowContext.js', async importOriginal => {
	const real = await importOriginal<typeof import('../../source/ui/attention/useRowContext.js')>();
	return {
		...real,
		useRowContext: () => {
			renders.count++;
			return real.useRowContext();
		},
	};
});

vi.mock('../../source/store/attention/needsYou.js', async importOriginal => {
	const real = await importOriginal<typeof import('../../source/store/attention/needsYou.js')>();
	return {
		...real,
		sortByAttention: (...args: Parameters<typeof real.sortByAttention>) => {
			sorts.count++;
			return real.sortByAttention(...args);
		},
	};
});

const rows = Array.from({length: 50}, (_, i) =>
	conversation({id: `c${String(i).padStart(31, '0')}`, title: `Task number ${i}`, execution_status: 'running', updated_at: NOW - i * 60_000}),
);

describe('Conversations list: what a glimpse costs', () => {
	it('a glimpse that comes changes the DOING column without sorting the rows again; new rows do sort', async () => {
		const h = renderApp({columns: 140, rows: 40, snapshot: {conversations: list(rows)}});
		await h.waitFor('Task number 0');
		expect(sorts.count).toBeGreaterThan(0);
		sorts.count = 0;
		h.store.set({glimpses: {[rows[0]!.id]: {events: [event(CURRENT.terminal)], fetchedAt: NOW, error: null, stateSince: null}}});
		await h.waitFor('$ grep -rn argparse src/');
		expect(sorts.count).toBe(0);
		// the order is still made when the rows change
		h.store.set({conversations: list([conversation({id: 'new0000000000000000000000000000', title: 'A new one', execution_status: 'running', updated_at: NOW}), ...rows])});
		await h.waitFor('A new one');
		expect(sorts.count).toBeGreaterThan(0);
	});
});

describe('Conversations list: what a key costs', () => {
	it('draws the list once for a key that changes the footer\'s keys (the view is not drawn again with the footer)', async () => {
		// a running agent's row offers P (pause the agent), a paused sandbox's row r (resume), not p
		const running = conversation({id: 'a'.repeat(32), title: 'Busy one', execution_status: 'running', sandbox_status: 'RUNNING', updated_at: NOW});
		const paused = conversation({id: 'b'.repeat(32), title: 'Resting one', execution_status: 'paused', sandbox_status: 'PAUSED', updated_at: NOW - 60_000});
		const h = renderApp({columns: 140, rows: 40, snapshot: {conversations: list([running, paused])}});
		await h.waitFor('P pause agent');
		renders.count = 0;
		await h.press(KEYS.down);
		await h.waitForGone('P pause agent');
		expect(renders.count).toBe(1);
	});
});
