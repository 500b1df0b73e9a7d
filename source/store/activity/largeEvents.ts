/**
 * Events too large to keep (issue 27 item 2). Events just under the websocket frame cap (7.9 MB
 * each, one every 300 ms) took the app from 85 MB to 1,361 MB resident in 50 s: only a frame's
 * size was capped, and the window keeps at least WINDOW_MIN events whatever their size, the glimpses
 * 20 a conversation. An event over LARGE_EVENT_BYTES is kept as a stand-in: its kind, id, time,
 * source, its small fields (a state update's key and status among them) and its size, shown
 * "too large to show" (../../present/events/summarize.ts), read in full only when the user opens it
 * (it is under the response cap: a search brought it, or a frame under the same cap). Whichever way
 * it came: a search's page, a socket's frame, a glimpse.
 */
import {SHORTENED, TOO_LARGE, tooLargeBytes} from '../../api/paging/tooLargeEvents.js';
import type {ConversationEvent} from '../../api/schemas/index.js';

/** Larger events are kept as stand-ins (a long observation is 10-30 KB, a screenshot some hundreds). */
export const LARGE_EVENT_BYTES = 256 * 1024;
/** A field kept in a stand-in at most this long. */
const SMALL_FIELD = 256;

const sizes = new WeakMap<object, number>();

/** About the bytes an event holds (strings counted by their length), once per event. */
export function eventBytes(event: ConversationEvent): number {
	let size = sizes.get(event);
	if (size === undefined) {
		size = 0;
		const stack: unknown[] = [event.raw];
		while (stack.length > 0) {
			const value = stack.pop();
			if (typeof value === 'string') size += value.length + 16;
			else if (Array.isArray(value)) {
				size += 16 + 8 * value.length;
				for (const item of value) stack.push(item);
			} else if (value && typeof value === 'object') {
				for (const [key, item] of Object.entries(value)) {
					size += key.length + 24;
					stack.push(item);
				}
			} else size += 8;
		}
		sizes.set(event, size);
	}
	return size;
}

/** The event as the store keeps it: itself, or over LARGE_EVENT_BYTES a stand-in. */
export function keepable(event: ConversationEvent): ConversationEvent {
	if (tooLargeBytes(event) !== undefined) return event;
	const bytes = eventBytes(event);
	if (bytes <= LARGE_EVENT_BYTES) return event;
	const raw: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(event.raw)) {
		const small = value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= SMALL_FIELD);
		if (small) raw[key] = value;
	}
	// a `full_state` snapshot carries the status now (./activityWindow.ts reads it)
	const status = (event.raw['value'] as {execution_status?: unknown} | null | undefined)?.execution_status;
	if (event.raw['key'] === 'full_state' && typeof status === 'string') raw['value'] = {execution_status: status};
	raw[TOO_LARGE] = bytes;
	raw[SHORTENED] = true;
	return {...event, raw};
}

/** `events` as kept: the same array when none is too large. */
export function keepableAll<T extends readonly ConversationEvent[]>(events: T): T {
	let out: ConversationEvent[] | null = null;
	events.forEach((event, i) => {
		const kept = keepable(event);
		if (kept === event) return;
		out ??= [...events];
		out[i] = kept;
	});
	return (out ?? events) as T;
}
