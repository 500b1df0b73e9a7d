/** How an attention item reads, in the `!` list and in a notification: one line, cleaned. */
import type {AttentionItem} from '../store/types.js';
import {shortId} from './format.js';
import {clean} from '../text/sanitize.js';
import {maskTitle} from '../text/secrets.js';

const AGENT_WORDS: Record<string, string> = {
	waiting_for_confirmation: 'waits for your confirmation',
	finished: 'finished',
	error: 'stopped with an error',
	stuck: 'is stuck',
};

/** e.g. `Fix the flaky test waits for your confirmation`, `sandbox oh-agent…W1x is gone` */
export function attentionLine(item: AttentionItem): string {
	const title = maskTitle(item.title);
	switch (item.subject) {
		case 'conversation':
			return `${title || `conversation ${shortId(item.id)}`} ${AGENT_WORDS[item.state] ?? clean(item.state)}`;
		case 'start-task':
			return `a new conversation failed to start: ${title}`;
		case 'sandbox':
			return item.state === 'MISSING' ? `sandbox ${clean(item.id)} is gone` : `sandbox ${clean(item.id)} is in ${clean(item.state)}`;
	}
}

/** `2 need you`, or nothing at 0 (the header stays quiet). */
export function needYouText(count: number): string {
	return count > 0 ? `${count} need${count === 1 ? 's' : ''} you` : '';
}
