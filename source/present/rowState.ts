/**
 * Where a conversation row stands, as the list shows and sorts it (issue 19 §2): the one predicate's
 * state (store/needsYou.ts; an attention item says it needs you, so "finished" means unseen), or
 * `starting` while its sandbox boots after a start or resume of this session (./booting.ts). How
 * each state reads (glyph, word, tone) is ./states.ts, the one vocabulary.
 */
import type {AppConversation} from '../api/schemas/index.js';
import {refKey, type Tagged} from '../fleet/types.js';
import {attentionState} from '../store/attention/needsYou.js';
import type {AttentionItem} from '../store/types.js';
import {bootLabel} from './booting.js';
import type {RowState} from './states.js';

/** What the list knows besides the row: the needs-you items and the sandboxes booting, by refKey. */
export type RowContext = {
	/** conversation items by the conversation's refKey */
	items: ReadonlyMap<string, Tagged<AttentionItem>>;
	/** when a start or resume of a sandbox began, by the sandbox's refKey */
	boots: ReadonlyMap<string, number>;
};

export function itemsByConversation(attention: readonly Tagged<AttentionItem>[]): ReadonlyMap<string, Tagged<AttentionItem>> {
	const map = new Map<string, Tagged<AttentionItem>>();
	for (const item of attention) if (item.subject === 'conversation') map.set(refKey(item), item);
	return map;
}

export function rowState(row: Tagged<AppConversation>, context: RowContext, now: number): RowState {
	const item = context.items.get(refKey(row));
	if (item?.reason) return item.reason;
	if (bootLabel(context.boots.get(refKey({server: row.server, id: row.sandbox_id})), row.sandbox_status, now)) return 'starting';
	// no item: whatever finished was seen
	return attentionState(row, true);
}
