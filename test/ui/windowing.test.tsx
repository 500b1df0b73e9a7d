import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {NOW, conversation, list} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => cleanup());

const TEN_THOUSAND = Array.from({length: 10_000}, (_, i) =>
	conversation({id: i.toString(16).padStart(32, '0'), title: `Row ${i} title`, updated_at: NOW - i * 1000}),
);

describe('windowing', () => {
	/** a table row (not the details line under it): the marker, then the state's glyph */
	const isRow = (line: string) => /^[› ] [?✗!✓▶·‖–◌] .*Row \d+ title/.test(line);

	it('renders only the rows on screen out of 10,000', async () => {
		const rows = 30;
		// 90 columns: no preview, two details lines under the list
		const h = renderApp({snapshot: {conversations: list(TEN_THOUSAND)}, rows, columns: 90});
		const frame = await h.waitFor('Row 0 title');
		const dataRows = frame.split('\n').filter(isRow);
		// rows - 2 header - 2 footer - table header - status line - 2 details lines
		const page = rows - 2 - 2 - 2 - 2;
		expect(dataRows).toHaveLength(page);
		expect(frame).toContain('10,000 loaded');
		await h.press('G');
		const last = await h.waitFor('Row 9999 title');
		expect(selectedLine(last)).toContain('Row 9999 title');
		expect(last.split('\n').filter(isRow)).toHaveLength(page);
		await h.press(KEYS.pageUp);
		expect(selectedLine(h.frame())).toContain(`Row ${9999 - page} title`);
		await vi.waitFor(() => expect(h.store.callsOf('setViewport').at(-1)).toEqual(['conversations', 9999 - 2 * page + 1, 9999 - page]));
	});

	it('filters 10,000 rows and keeps the selection on a match', async () => {
		const h = renderApp({snapshot: {conversations: list(TEN_THOUSAND)}, rows: 20});
		await h.waitFor('Row 0 title');
		await h.press('/', '9', '9', '9', '9');
		const frame = await h.waitFor('Row 9999 title');
		expect(frame.split('\n').filter(isRow)).toHaveLength(1);
		await h.press(KEYS.enter);
		await h.waitFor('filter "9999": 1 of 10,000');
	});
});
