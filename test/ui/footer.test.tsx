// Issue 9 item 17: narrow widths drop whole footer hints, least important first, never cut one.
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {keysLine, noticeRows} from '../../source/ui/Footer.js';
import {hintList} from '../../source/ui/keys/footerHints.js';
import {renderApp} from './harness.js';

afterEach(() => cleanup());

describe('footer hints', () => {
	const hints = [...hintList(['sandboxes', 'list']), ...hintList(['global'])];
	const texts = new Set(hints.map(h => h.text));

	it('at every width from 10 to 120 shows only whole hints, in their order, within the width', () => {
		for (let width = 10; width <= 120; width++) {
			const line = keysLine(hints, width);
			expect(line.length, `width ${width}`).toBeLessThanOrEqual(width);
			const parts = line ? line.split('  ') : [];
			for (const part of parts) expect(texts.has(part), `"${part}" at width ${width}`).toBe(true);
			const order = parts.map(part => hints.findIndex(h => h.text === part));
			expect(order).toEqual([...order].sort((a, b) => a - b));
		}
	});

	it('drops sort, status, copy, refresh, filter and details first; then the rightmost view actions; help and quit go last', () => {
		expect(keysLine(hints, 200)).toBe(
			'n start  p pause  r resume  c conversations  / filter  Enter details  y copy id  o order  f status  Ctrl-r refresh  ? help  q quit',
		);
		expect(keysLine(hints, 60)).toBe('n start  p pause  r resume  c conversations  ? help  q quit');
		expect(keysLine(hints, 44)).toBe('n start  p pause  r resume  ? help  q quit');
		expect(keysLine(hints, 30)).toBe('n start  ? help  q quit');
		expect(keysLine(hints, 8)).toBe('q quit');
	});

	it('the app at 50 columns: the keys line ends with whole hints', async () => {
		const h = renderApp({snapshot: {visible: 'sandboxes'}, columns: 50});
		const frame = await h.waitFor('STATUS');
		const last = frame.split('\n').at(-1)!;
		expect(last).not.toContain('…');
		expect(last).toMatch(/q quit$/);
		for (const part of last.trim().split(/ {2,}/)) expect(texts.has(part), part).toBe(true);
	});
});

describe('the notice line', () => {
	it('an error too long for one row takes two; an info message stays one, cut (issue 26 item 13)', () => {
		const text = 'creating a conversation failed: server error (500): ValueError: workspace /nope does not exist (error id 0f1e2d3c4b5a69788796a5b4c3d2e1f0)';
		const at = Date.UTC(2026, 0, 10);
		const rows = noticeRows({level: 'error', text, at}, 80, at);
		expect(rows).toHaveLength(2);
		expect(rows.join('')).toContain('(error id 0f1e2d3c4b5a69788796a5b4c3d2e1f0)');
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
		expect(noticeRows({level: 'info', text, at}, 80, at)).toEqual([`${text.slice(0, 79)}…`]);
		expect(noticeRows({level: 'error', text: 'short', at}, 80, at)).toEqual(['short · just now']);
	});
});
