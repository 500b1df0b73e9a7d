import {describe, expect, it} from 'vitest';
import type {Notice, ResourceName} from '../../source/store/types.js';
import {FADE_MS, noticeText, shownNotice} from '../../source/ui/statusLine.js';

const NOW = Date.UTC(2025, 10, 15, 9, 0, 0);
const info = (text: string, at = NOW): Notice => ({level: 'info', text, at});
const error = (text: string, at = NOW): Notice => ({level: 'error', text, at});

describe('the status line (issue 19 §4)', () => {
	it('an info message fades after about 8 s; an error stays, with its age', () => {
		const raised = new WeakMap<Notice, ResourceName>();
		const done = info('sandbox paused');
		expect(shownNotice([done], raised, 'sandboxes', NOW + FADE_MS - 1)).toBe(done);
		expect(shownNotice([done], raised, 'sandboxes', NOW + FADE_MS)).toBeNull();
		const failed = error('pause refused: 409', NOW);
		expect(shownNotice([failed], raised, 'sandboxes', NOW + 10 * 60_000)).toBe(failed);
		expect(noticeText(failed, NOW + 120_000)).toBe('pause refused: 409 · 2m ago');
		expect(noticeText(done, NOW + 120_000)).toBe('sandbox paused');
	});

	it('the next message replaces an error (a success after it), and a message belongs to the tab it appeared on', () => {
		const raised = new WeakMap<Notice, ResourceName>();
		const failed = error('pause refused', NOW);
		expect(shownNotice([failed, null], raised, 'sandboxes', NOW)).toBe(failed);
		const ok = info('sandbox paused', NOW + 1000);
		expect(shownNotice([failed, ok], raised, 'sandboxes', NOW + 1000)).toBe(ok);
		// another tab: not its news
		expect(shownNotice([failed, ok], raised, 'conversations', NOW + 1000)).toBeNull();
		// a message appearing while the Conversations tab is in view is that tab's
		const copied = info('copied', NOW + 2000);
		expect(shownNotice([failed, ok, copied], raised, 'conversations', NOW + 2000)).toBe(copied);
		expect(shownNotice([failed, ok, copied], raised, 'sandboxes', NOW + 2000)).toBe(ok);
	});
});
