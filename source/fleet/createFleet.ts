/**
 * The fleet: one store per server in view, their snapshots merged (./mergeSnapshot.ts), every action
 * sent to the store of the server its Ref names. Nothing here talks to a server: each store keeps
 * its own budget, backoff, probe, freshness and watches, so one server down, slow or lying touches
 * only its own store and rows.
 *
 * - In view: the picker chooses which servers are shown. A server taken out of view has its store
 *   disposed (its timers stop, nothing more is sent to it); brought back, it gets a new store that
 *   loads afresh.
 * - One server: a pass-through. Its store's notifications are the fleet's, one for one; rows are
 *   its rows tagged once each (./tag.ts); viewports and actions go to it unchanged.
 * - Read-only servers (profile `readOnly`) refuse every action that changes something there, with
 *   a footer line; reading goes on.
 */
import type {ResourceName, Store} from '../store/types.js';
import type {Notice} from '../store/types.js';
import {SnapshotMerger, type MergeSource} from './mergeSnapshot.js';
import {PaneHolder} from './paneHolder.js';
import {Tagger} from './tag.js';
import type {Fleet, FleetSnapshot, Ref, ServerName} from './types.js';

export type FleetStore = Store & {whenSettled?(): Promise<void>};

export type FleetMember = {
	name: ServerName;
	/** its URL for the header ('' until an embedded server listens: see Fleet.setLabel) */
	label: string;
	readOnly?: boolean;
	/** opened from a profile of that name */
	fromProfile?: boolean;
	/** a new store for this server, polling `visible` first (again each time it comes into view) */
	createStore(visible: ResourceName): FleetStore;
};

export type FleetOptions = {
	/** the servers shown at first; default all */
	inView?: readonly ServerName[];
	/** the tab shown at first; default the first store's */
	visible?: ResourceName;
	/** clock for the fleet's own notices; default Date.now */
	now?: () => number;
};

type Entry = {
	member: FleetMember;
	label: string;
	store: FleetStore | null;
	tagger: Tagger;
	unsubscribe: (() => void) | null;
};

export type LocalFleet = Fleet & {
	/** resolves once no store has a request on the wire (tests step a manual clock with it) */
	whenSettled(): Promise<void>;
};

export function createFleet(members: readonly FleetMember[], options: FleetOptions = {}): LocalFleet {
	if (members.length === 0) throw new Error('a fleet needs a server');
	const now = options.now ?? Date.now;
	const entries = new Map<ServerName, Entry>(members.map(member => [member.name, {member, label: member.label, store: null, tagger: new Tagger(member.name), unsubscribe: null}]));
	const names = members.map(member => member.name);
	const listeners = new Set<() => void>();
	const merger = new SnapshotMerger();
	let inView = pick(options.inView ?? names);
	let visible: ResourceName = options.visible ?? 'conversations';
	let labels: Readonly<Record<ServerName, string>> = Object.fromEntries(members.map(member => [member.name, member.label]));
	let lastInView: FleetSnapshot['lastInView'] = {};
	let started = false;
	let disposed = false;
	let own: Notice | null = null;
	let snapshot: FleetSnapshot;
	const storeIn = (server: ServerName) => entries.get(server)?.store ?? null;
	const activity = new PaneHolder(storeIn, store => store.closeActivity());
	const changes = new PaneHolder(storeIn, store => store.closeChanges());
	const files = new PaneHolder(storeIn, store => store.closeFiles());

	function pick(wanted: readonly ServerName[]): ServerName[] {
		const known = names.filter(name => wanted.includes(name));
		return known.length > 0 ? known : [names[0]!];
	}

	const shown = () => inView.map(name => entries.get(name)!);
	const stores = () => shown().flatMap(entry => (entry.store ? [entry.store] : []));

	function compute(): FleetSnapshot {
		const sources: MergeSource[] = shown().map(entry => ({
			name: entry.member.name,
			label: entry.label,
			readOnly: entry.member.readOnly === true,
			fromProfile: entry.member.fromProfile === true,
			snapshot: entry.store!.getSnapshot(),
			tagger: entry.tagger,
		}));
		return merger.merge(sources, {names, inView, labels, lastInView}, visible, own);
	}

	function changed(): void {
		if (disposed) return;
		const next = compute();
		if (next === snapshot) return;
		snapshot = next;
		for (const listener of [...listeners]) listener();
	}

	function open(entry: Entry): void {
		if (entry.store) return;
		entry.store = entry.member.createStore(visible);
		entry.unsubscribe = entry.store.subscribe(changed);
		if (started) entry.store.start();
	}

	function close(entry: Entry): void {
		if (!entry.store) return;
		// the picker still shows its count, as it was: nothing is asked of a server out of view
		const last = entry.store.getSnapshot();
		if (last.conversations.data !== undefined) lastInView = {...lastInView, [entry.member.name]: {needsYou: last.attention.length, at: now()}};
		entry.unsubscribe?.();
		entry.store.dispose();
		entry.store = null;
		entry.unsubscribe = null;
		// new wrappers for a new store's items: the old ones may be collected
		entry.tagger = new Tagger(entry.member.name);
		for (const pane of [activity, changes, files]) pane.forget(entry.member.name);
	}

	for (const entry of shown()) open(entry);
	if (options.visible === undefined) visible = shown()[0]!.store!.getSnapshot().visible;
	snapshot = compute();

	function say(text: string): void {
		own = {level: 'error', text, at: now()};
		changed();
	}

	/** The store of a server in view, or null after saying why there is none. */
	function storeOf(server: ServerName): FleetStore | null {
		const entry = entries.get(server);
		if (entry?.store) return entry.store;
		say(entry ? `${server} is not in view` : `no server named ${server}`);
		return null;
	}

	/** The same, for an action that changes something on that server. */
	function writable(server: ServerName): FleetStore | null {
		if (entries.get(server)?.member.readOnly) {
			say(`read-only: ${server} was opened read-only`);
			return null;
		}

		return storeOf(server);
	}

	/** A save or copy on a server out of view answers what storeOf said. */
	const away = (server: ServerName) => Promise.resolve({kind: 'failed' as const, message: entries.has(server) ? `${server} is not in view` : `no server named ${server}`});

	return {
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
		getSnapshot: () => snapshot,
		start() {
			if (started) return;
			started = true;
			for (const store of stores()) store.start();
		},
		dispose() {
			if (disposed) return;
			for (const entry of entries.values()) close(entry);
			disposed = true;
			listeners.clear();
		},
		setInView(wanted) {
			const next = pick(wanted);
			if (next.length === inView.length && next.every((name, i) => name === inView[i])) return;
			for (const entry of shown()) if (!next.includes(entry.member.name)) close(entry);
			inView = next;
			for (const entry of shown()) open(entry);
			changed();
		},
		setLabel(name, label) {
			const entry = entries.get(name);
			if (!entry || entry.label === label) return;
			entry.label = label;
			labels = {...labels, [name]: label};
			changed();
		},
		setVisible(resource) {
			visible = resource;
			for (const store of stores()) store.setVisible(resource);
			changed();
		},
		refresh: () => stores().forEach(store => store.refresh()),
		loadMore(resource) {
			const list = stores();
			for (const store of list) {
				const state = store.getSnapshot()[resource];
				// the rows near the end may be any server's: each with more to load loads its next page
				if (list.length === 1 || (state.hasMore && !state.capped)) store.loadMore(resource);
			}
		},
		loadAll: resource => stores().forEach(store => store.loadAll(resource)),
		setViewport(resource, first, last) {
			const list = shown();
			if (list.length === 1) {
				list[0]!.store?.setViewport(resource, first, last);
				return;
			}

			const ranges = merger[resource].ranges(first, last);
			for (const entry of list) {
				const range = ranges.find(r => r.name === entry.member.name);
				// none of its rows on screen: only its first page is kept fresh
				entry.store?.setViewport(resource, range?.first ?? 0, range?.last ?? 0);
			}
		},
		prefetch: resource => stores().forEach(store => store.prefetch(resource)),
		readNow: (server, resource) => storeOf(server)?.readNow(resource),
		pauseSandbox: ref => writable(ref.server)?.pauseSandbox(ref.id),
		resumeSandbox: ref => writable(ref.server)?.resumeSandbox(ref.id),
		startSandbox: (server, specId) => writable(server)?.startSandbox(specId),
		createConversation: (server, request) => writable(server)?.createConversation(request),
		clearNotice() {
			for (const store of stores()) store.clearNotice();
			if (own) {
				own = null;
				changed();
			}
		},
		openActivity(ref: Ref) {
			const store = storeOf(ref.server);
			if (store) activity.open(ref.server, store, opened => opened.openActivity(ref.id));
		},
		closeActivity: () => activity.close(),
		loadOlderEvents: () => activity.store()?.loadOlderEvents(),
		setFollow: on => activity.store()?.setFollow(on),
		setActivityViewport: (first, last) => activity.store()?.setActivityViewport(first, last),
		readWholeEvent: eventId => activity.store()?.readWholeEvent(eventId),
		saveDraft: (ref, text) => storeOf(ref.server)?.saveDraft(ref.id, text),
		sendMessage: (ref, text, sendOptions) => (sendOptions ? writable(ref.server)?.sendMessage(ref.id, text, sendOptions) : writable(ref.server)?.sendMessage(ref.id, text)),
		controlAgent: (ref, command, reason) => (reason === undefined ? writable(ref.server)?.controlAgent(ref.id, command) : writable(ref.server)?.controlAgent(ref.id, command, reason)),
		setConfirmationPolicy: (ref, policy) => writable(ref.server)?.setConfirmationPolicy(ref.id, policy),
		openChanges(conversation) {
			const store = storeOf(conversation.server);
			if (store) changes.open(conversation.server, store, opened => opened.openChanges(conversation));
		},
		closeChanges: () => changes.close(),
		openDiff: path => changes.store()?.openDiff(path),
		refreshChanges: () => changes.store()?.refreshChanges(),
		runCommand: (conversation, command) => writable(conversation.server)?.runCommand(conversation, command),
		openFiles(conversation) {
			const store = storeOf(conversation.server);
			if (store) files.open(conversation.server, store, opened => opened.openFiles(conversation));
		},
		closeFiles: () => files.close(),
		openFile: path => files.store()?.openFile(path),
		saveFile: (conversation, path, local, overwrite) => storeOf(conversation.server)?.saveFile(conversation, path, local, overwrite) ?? away(conversation.server),
		savePatch: (conversation, local, saveOptions) => storeOf(conversation.server)?.savePatch(conversation, local, saveOptions) ?? away(conversation.server),
		copyPatch: (conversation, copyOptions) => storeOf(conversation.server)?.copyPatch(conversation, copyOptions) ?? away(conversation.server),
		deleteConversation: ref => writable(ref.server)?.deleteConversation(ref.id),
		deleteSandbox: ref => writable(ref.server)?.deleteSandbox(ref.id),
		dismissAttention(item) {
			if (item) storeOf(item.server)?.dismissAttention(item.key);
			else for (const store of stores()) store.dismissAttention();
		},
		conversationsInSandbox(ref) {
			// one answer at a time: the others forget theirs (a store already holding none is not notified)
			for (const entry of shown()) {
				if (entry.member.name !== ref?.server) entry.store?.conversationsInSandbox(null);
			}

			if (ref) storeOf(ref.server)?.conversationsInSandbox(ref.id);
		},
		reveal: (resource, ref) => storeOf(ref.server)?.reveal(resource, ref.id),
		askAgent: ref => storeOf(ref.server)?.askAgent(ref.id),
		watchGlimpses(refs, focus) {
			for (const entry of shown()) {
				const name = entry.member.name;
				entry.store?.watchGlimpses(
					refs.filter(ref => ref.server === name).map(ref => ref.id),
					focus?.server === name ? focus.id : null,
				);
			}
		},
		whenSettled: async () => {
			await Promise.all(stores().map(async store => store.whenSettled?.()));
		},
	};
}
