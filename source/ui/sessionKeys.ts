/**
 * Session keys the server hands out (each sandbox's `session_api_key`, repeated on its
 * conversations) are secrets: an error or an event that echoes one must be scrubbed (./secrets.ts).
 * The store cannot register them (it does not import the UI), so the UI watches the snapshots. Lists
 * are compared by identity, so a poll that changed nothing costs one comparison per list.
 */
import {useLayoutEffect} from 'react';
import type {Fleet} from '../fleet/types.js';
import {registerKnownSecret} from '../text/secrets.js';

type Keyed = {session_api_key?: string | null};

/** Registers every session key in the snapshots, now and as they change; returns the unsubscribe. */
export function watchSessionKeys(
	fleet: Pick<Fleet, 'subscribe' | 'getSnapshot'>,
	register: (value: string) => void = registerKnownSecret,
): () => void {
	// the keys already handed over (the registry keeps the newest 100, text/knownSecrets.ts); bounded
	// too: cleared when large, at the cost of handing a few over again
	const known = new Set<string>();
	const add = (item: Keyed | null | undefined) => {
		const key = item?.session_api_key;
		if (!key || known.has(key)) return;
		if (known.size >= 1000) known.clear();
		known.add(key);
		register(key);
	};
	let conversations: readonly Keyed[] | undefined;
	let sandboxes: readonly Keyed[] | undefined;
	let open: Keyed | null = null;
	const scan = () => {
		const snapshot = fleet.getSnapshot();
		if (snapshot.conversations.data !== conversations) {
			conversations = snapshot.conversations.data;
			conversations?.forEach(add);
		}
		if (snapshot.sandboxes.data !== sandboxes) {
			sandboxes = snapshot.sandboxes.data;
			sandboxes?.forEach(add);
		}
		const conversation = snapshot.activity?.conversation ?? null;
		if (conversation !== open) {
			open = conversation;
			add(open);
		}
	};
	scan();
	return fleet.subscribe(scan);
}

/** In the commit, before anything drawn later can show a key. */
export function useSessionKeys(fleet: Pick<Fleet, 'subscribe' | 'getSnapshot'>): void {
	useLayoutEffect(() => watchSessionKeys(fleet), [fleet]);
}
