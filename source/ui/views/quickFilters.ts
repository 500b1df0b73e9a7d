/**
 * Quick status filters (issues 11, 19): `f` cycles all → running → needs you → paused → error, on top of
 * the `/` text filter.
 */
import type {AppConversation, Sandbox} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import type {AttentionItem} from '../../store/types.js';

export type QuickFilter = 'all' | 'running' | 'needs you' | 'paused' | 'error';

export const QUICK_FILTERS: readonly QuickFilter[] = ['all', 'running', 'needs you', 'paused', 'error'];

export function nextQuickFilter(current: QuickFilter): QuickFilter {
	return QUICK_FILTERS[(QUICK_FILTERS.indexOf(current) + 1) % QUICK_FILTERS.length]!;
}

/** by refKey: an id of one server says nothing about another's */
function keysOf(items: readonly Tagged<AttentionItem>[], subject: AttentionItem['subject']): Set<string> {
	return new Set(items.filter(i => i.subject === subject).map(i => refKey(i)));
}

/**
 * null: keep every row. "needs you" is the one meaning (store/needsYou.ts): the rows the store holds
 * an attention item for (`items`, by the conversation's refKey), as the header counts and `!` lists.
 */
export function conversationFilter(filter: QuickFilter, items: ReadonlyMap<string, unknown>): ((c: Tagged<AppConversation>) => boolean) | null {
	switch (filter) {
		case 'all':
			return null;
		case 'running':
			// an agent server's conversation has no sandbox: running is its agent's state
			return c => (c.sandbox_id ? c.sandbox_status === 'RUNNING' : c.execution_status === 'running');
		case 'needs you':
			return c => items.has(refKey(c));
		case 'paused':
			return c => c.sandbox_status === 'PAUSED' || c.execution_status === 'paused';
		case 'error':
			return c => c.execution_status === 'error' || c.sandbox_status === 'ERROR' || c.sandbox_status === 'MISSING';
	}
}

export function sandboxFilter(filter: QuickFilter, attention: readonly Tagged<AttentionItem>[]): ((s: Tagged<Sandbox>) => boolean) | null {
	switch (filter) {
		case 'all':
			return null;
		case 'running':
			return s => s.status === 'RUNNING';
		case 'needs you': {
			const listed = keysOf(attention, 'sandbox');
			return s => listed.has(refKey(s));
		}
		case 'paused':
			return s => s.status === 'PAUSED';
		case 'error':
			return s => s.status === 'ERROR' || s.status === 'MISSING';
	}
}
