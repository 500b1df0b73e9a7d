/**
 * Which message the status line shows (issue 19 §4): the newest one raised on the tab in view (a
 * message belongs to the tab it appeared on: a pause confirmed on the Sandboxes tab is not the
 * Conversations tab's news); an info message fades after FADE_MS; an error stays until a newer
 * message replaces it (a fetch's error, until the fetch succeeds), and says when it happened.
 * What a key said about the screen it was pressed on (`screen`: "a start task is selected…") is
 * that screen's only: it did not stay on the activity, changes and diff opened next (issue 26 item 17).
 */
import {useEffect, useReducer, useRef} from 'react';
import type {ResourceName} from '../store/types.js';
import type {Notice} from '../store/types.js';
import {relativeTime} from '../present/format.js';

export const FADE_MS = 8000;

export type Place = {tab: ResourceName; screen: string};

/** The notice to show now, or null; `raisedOn` remembers the tab (and screen) each notice appeared on. */
export function shownNotice(candidates: readonly (Notice | null)[], raisedOn: WeakMap<Notice, Place>, tab: ResourceName, now: number, screen = ''): Notice | null {
	let latest: Notice | null = null;
	for (const notice of candidates) {
		if (!notice) continue;
		if (!raisedOn.has(notice)) raisedOn.set(notice, {tab, screen});
		const raised = raisedOn.get(notice)!;
		if (raised.tab !== tab || (notice.screen && raised.screen !== screen)) continue;
		if (!latest || notice.at >= latest.at) latest = notice;
	}
	if (!latest) return null;
	if (latest.level === 'info') return now - latest.at < FADE_MS ? latest : null;
	return latest;
}

/** An error's text with its time (`… · 2m ago`); an info message as it is. */
export function noticeText(notice: Notice, now: number): string {
	return notice.level === 'error' ? `${notice.text} · ${relativeTime(notice.at, now)}` : notice.text;
}

/** The status line's notice, re-drawn when an info message's time is up. */
export function useStatusNotice(candidates: readonly (Notice | null)[], tab: ResourceName, now: () => number, screen = ''): Notice | null {
	const raisedOn = useRef(new WeakMap<Notice, Place>());
	const [, redraw] = useReducer((n: number) => n + 1, 0);
	const at = now();
	const shown = shownNotice(candidates, raisedOn.current, tab, at, screen);
	const fadeIn = shown?.level === 'info' ? FADE_MS - (at - shown.at) : null;
	useEffect(() => {
		if (fadeIn === null) return;
		const timer = setTimeout(redraw, Math.max(0, fadeIn) + 50);
		return () => clearTimeout(timer);
	}, [shown, fadeIn]);
	return shown;
}
