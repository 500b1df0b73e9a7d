import type {CallOptions} from '../../api/client.js';
import {retryDelayMs} from '../backoff.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {isAbort} from '../oneLine.js';

/**
 * Watches after actions, batched: every key watched through one source shares one request per tick
 * (all watched sandbox ids in one `getSandboxes([...])`, all start tasks in one `getStartTasks`).
 * Ten pending actions used to send ten status checks a second and starve every list (issue 9 item 7);
 * now they cost one request per source and tick, whatever their number.
 *
 * To watch something new (a deleted sandbox until it is gone, a message until the agent answers):
 * 1. register a source once, e.g. in ./watchSources.ts:
 *      hub.source('conversation', {everyMs: 2000, fetch: (ids, o) => client.getConversations(ids, o)})
 *    `fetch` gets every key due in this tick and answers in the same order (null: the server does not
 *    know it); a search can serve as a source too (each key then gets the same page);
 * 2. watch a key through it: `hub.watch('conversation', id, {deadline, alive, onResult, onGiveUp})`.
 * Several watches of one key share its slot in the batch. A watch ends when `onResult` returns true,
 * when `alive()` turns false (its pending entry was replaced), or at `deadline()` (then `onGiveUp`).
 */
export type WatchSource<T> = {
	/** the period of its ticks */
	everyMs: number;
	/** at most this many keys per request (the batch routes take 99, shared/openhands-api.md 2.4-2.7) */
	maxKeys?: number;
	fetch(keys: readonly string[], options: CallOptions): Promise<readonly (T | null)[]>;
};

export type WatchHandlers<T> = {
	/** epoch ms after which the watch gives up; asked before every tick (it may move, e.g. per step) */
	deadline(): number;
	/** false once the watch is no longer wanted (it then ends without a word) */
	alive(): boolean;
	/** an answer for the key, with the store time its request was sent; true ends the watch */
	onResult(result: T | null, sentAt: number): boolean;
	onGiveUp(): void;
};

type Entry = {handlers: WatchHandlers<unknown>; key: string};

type SourceState = {
	spec: WatchSource<unknown>;
	entries: Set<Entry>;
	cancel: (() => void) | null;
	failures: number;
	lastError: unknown;
	/** when each key was last asked for: the least recently asked go first when over maxKeys */
	askedAt: Map<string, number>;
};

export class WatchHub {
	private readonly sources = new Map<string, SourceState>();

	constructor(private readonly core: Core) {}

	source<T>(name: string, spec: WatchSource<T>): void {
		this.sources.set(name, {spec: spec as WatchSource<unknown>, entries: new Set(), cancel: null, failures: 0, lastError: null, askedAt: new Map()});
	}

	watch<T>(name: string, key: string, handlers: WatchHandlers<T>): void {
		const source = this.sources.get(name);
		if (!source) throw new Error(`no watch source named ${name}`);
		source.entries.add({handlers: handlers as WatchHandlers<unknown>, key});
		// a watch joining a source that already ticks is asked at its next tick
		if (!source.cancel) this.arm(source, source.spec.everyMs);
	}

	/** keys watched through a source (tests and the UI's counts) */
	keys(name: string): string[] {
		return [...new Set([...(this.sources.get(name)?.entries ?? [])].map(e => e.key))];
	}

	private arm(source: SourceState, ms: number): void {
		source.cancel = this.core.after(ms, () => {
			source.cancel = null;
			void this.tick(source);
		});
	}

	private async tick(source: SourceState): Promise<void> {
		const now = this.core.now();
		for (const entry of [...source.entries]) {
			if (!entry.handlers.alive()) {
				source.entries.delete(entry);
			} else if (now >= entry.handlers.deadline()) {
				source.entries.delete(entry);
				entry.handlers.onGiveUp();
			}
		}
		const keys = this.due(source);
		if (keys.length === 0) return;
		let sentAt = now;
		try {
			const results = await this.core.send(PRIORITY.watch, options => {
				sentAt = this.core.now();
				return source.spec.fetch(keys, options);
			});
			source.failures = 0;
			this.core.tookKey();
			keys.forEach((key, index) => {
				source.askedAt.set(key, sentAt);
				const result = results[index] ?? null;
				for (const entry of [...source.entries]) {
					if (entry.key !== key) continue;
					if (!entry.handlers.alive()) source.entries.delete(entry);
					else if (entry.handlers.onResult(result, sentAt)) source.entries.delete(entry);
				}
			});
		} catch (error) {
			if (this.core.disposed || isAbort(error)) return;
			source.failures++;
			source.lastError = error;
		}
		for (const key of source.askedAt.keys()) if (![...source.entries].some(e => e.key === key)) source.askedAt.delete(key);
		if (source.entries.size === 0 || source.cancel) return;
		const wait = source.failures > 0 ? Math.max(source.spec.everyMs, retryDelayMs(source.lastError, source.failures, this.core.config.random, this.core.lastSuccessAt !== null)) : source.spec.everyMs;
		this.arm(source, wait);
	}

	/** the keys to ask for this tick: every watched key, the least recently asked first, up to maxKeys */
	private due(source: SourceState): string[] {
		const keys = [...new Set([...source.entries].map(e => e.key))];
		const max = source.spec.maxKeys ?? 99;
		if (keys.length <= max) return keys;
		const asked = (key: string) => source.askedAt.get(key) ?? Number.NEGATIVE_INFINITY;
		return keys.sort((a, b) => asked(a) - asked(b)).slice(0, max);
	}
}
