/**
 * What needs the user among this session's start tasks and sandboxes (issue 11), as pure functions:
 * which states count, how an item looks, and how the list changes when a subject moves on.
 * Conversations follow the one predicate (./needsYou.ts, ./needsYouItems.ts).
 */
import type {AttentionItem} from '../types.js';

/** Sandbox states that count once the boot grace is over (a booting docker sandbox reports ERROR, 4.1). */
export const SANDBOX_NEEDS: ReadonlySet<string> = new Set(['ERROR', 'MISSING']);

export type Subject = AttentionItem['subject'];

export function makeItem(subject: Subject, id: string, state: string, title: string, at: number): AttentionItem {
	// only ever made for a change this session saw: each one is announced
	return {key: `${subject}:${id}:${state}:${at}`, subject, id, state, title, at, transition: true};
}

/** The list without the items of one subject; the same array when it had none. */
export function without(items: readonly AttentionItem[], subject: Subject, id: string): readonly AttentionItem[] {
	return items.some(i => i.subject === subject && i.id === id) ? items.filter(i => !(i.subject === subject && i.id === id)) : items;
}

/**
 * Items kept at most: one per subject, but a session left open for days meets ever more finished
 * conversations nobody looked at (issue 21 item 13); the oldest go first.
 */
export const MAX_ITEMS = 200;

/** One item per subject: a newer transition replaces the older item (oldest first otherwise). */
export function put(items: readonly AttentionItem[], item: AttentionItem): readonly AttentionItem[] {
	const next = [...without(items, item.subject, item.id), item];
	return next.length > MAX_ITEMS ? next.slice(next.length - MAX_ITEMS) : next;
}
