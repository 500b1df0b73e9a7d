/**
 * How an attention item reads, in the `!` list, a notification and a notify command (issue 19 §3):
 * the conversation, its server when several are open, and what it waits for:
 * `api-refactor (laptop): approve “rm -rf build”?`. One line, cleaned and masked here (a title is
 * written from the first user message and may hold a token); notifications cut it to their length.
 */
import type {ConversationEvent} from '../api/schemas/event.js';
import type {AttentionItem} from '../store/types.js';
import {clean} from '../text/sanitize.js';
import {maskSecrets, maskTitle} from '../text/secrets.js';
import {pendingActions} from './events/pending.js';
import {summarizeEvent} from './events/summarize.js';
import {shortId} from './format.js';
import {STATE_SENTENCES} from './states.js';

/** The agent states an item can be in, in the vocabulary's sentences (./states.ts). */
const AGENT_WORDS: Record<string, string> = {
	waiting_for_confirmation: STATE_SENTENCES.waiting,
	finished: STATE_SENTENCES.finished,
	error: STATE_SENTENCES.error,
	stuck: STATE_SENTENCES.stuck,
};

/** `rm -rf build` for a waiting agent's first pending action (`(+1 more)` after it), or null when none is loaded. */
export function pendingGist(events: readonly ConversationEvent[]): string | null {
	const pending = pendingActions(events);
	if (pending.length === 0) return null;
	const gist = summarizeEvent(pending[0]!).text.replace(/^\$ /, '');
	return `${gist}${pending.length > 1 ? ` (+${pending.length - 1} more)` : ''}`;
}

export type LineOptions = {
	/** the item's server, named when several are open */
	server?: string | null;
	/** what a waiting agent asks to run (pendingGist) */
	waitsFor?: string | null;
};

/** e.g. `Fix the flaky test (laptop): approve “pytest -q”?`, `sandbox oh-agent…W1x is gone` */
export function attentionLine(item: AttentionItem, options: LineOptions = {}): string {
	const title = maskTitle(item.title);
	const on = options.server ? ` (${clean(options.server)})` : '';
	switch (item.subject) {
		case 'conversation': {
			const name = `${title || `conversation ${shortId(item.id)}`}${on}`;
			if (item.state === 'waiting_for_confirmation' && options.waitsFor) return `${name}: approve “${maskSecrets(options.waitsFor)}”?`;
			if (item.reason === 'finished' || item.state === 'finished') return `${name} finished`;
			return `${name} ${AGENT_WORDS[item.state] ?? clean(item.state)}`;
		}
		case 'start-task':
			return `a new conversation failed to start${on}: ${title}`;
		case 'sandbox':
			return item.state === 'MISSING' ? `sandbox ${clean(item.id)}${on} is gone` : `sandbox ${clean(item.id)}${on} is in ${clean(item.state)}`;
	}
}

/** `2 need you`, or nothing at 0 (the header stays quiet). */
export function needYouText(count: number): string {
	return count > 0 ? `${count} need${count === 1 ? 's' : ''} you` : '';
}

/** The window title (issue 19 §3): `ohtui · 2 need you`, or `ohtui`. */
export function windowTitle(count: number): string {
	return count > 0 ? `ohtui · ${needYouText(count)}` : 'ohtui';
}
