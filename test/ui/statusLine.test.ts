import {describe, expect, it} from 'vitest';
import type {Notice} from '../../source/store/types.js';
import {FADE_MS, noticeText, shownNotice, type Place} from '../../source/ui/statusLine.js';

const NOW = Date.UTC(2025, 10, 15, 9, 0, 0);
const info = (text: string, at = NOW): Notice => ({level: 'info', text, at});
const error = (text: string, at = NOW): Notice => ({level: 'error', text, at});

describe('the status line (issue 19 §4)', () => {
	it('an info message fades after about 8 s; an error stays, with its age', () => {
		const raised = new WeakMap<Notice, Place>();
		const done = info('sandbox paused');
		expect(shownNotice([done], raised, 'sandboxes', NOW + FADE_MS - 1)).toBe(done);
		expect(shownNotice([done], raised, 'sandboxes', NOW + FADE_MS)).toBeNull();
		const failed = error('pause refused: 409', NOW);
		expect(shownNotice([failed], raised, 'sandboxes', NOW + 10 * 60_000)).toBe(failed);
		expect(noticeText(failed, NOW + 120_000)).toBe('pause refused: 409 · 2m ago');
		expect(noticeText(done, NOW + 120_000)).toBe('sandbox paused');
	});

	it('the next message replaces an error (a success after it), and a message belongs to the tab it appeared on', () => {
		const raised = new WeakMap<Notice, Place>();
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

	it("what a key said on a screen stays on that screen: not on the activity opened next (issue 26 item 17)", () => {
		const raised = new WeakMap<Notice, Place>();
		const hint: Notice = {...info('a start task is selected, not a conversation'), screen: true};
		expect(shownNotice([null, hint], raised, 'conversations', NOW, 'list:conversations')).toBe(hint);
		expect(shownNotice([null, hint], raised, 'conversations', NOW + 100, 'activity:local:c1')).toBeNull();
		expect(shownNotice([null, hint], raised, 'conversations', NOW + 200, 'list:conversations')).toBe(hint);
		// the store's news belongs to the tab, whatever screen of it is shown
		const paused = info('sandbox paused', NOW + 300);
		expect(shownNotice([paused, hint], raised, 'conversations', NOW + 300, 'list:conversations')).toBe(paused);
		expect(shownNotice([paused, hint], raised, 'conversations', NOW + 400, 'activity:local:c1')).toBe(paused);
	});
});
