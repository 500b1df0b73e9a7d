/**
 * The fleet's snapshot from its stores' snapshots. Each field is computed again only when what it
 * is made of changed identity, and the snapshot keeps its identity when no field changed, so a poll
 * that brought nothing new on any server reaches nobody (as with one store).
 */
import type {AppConversation, Sandbox, SandboxSpec} from '../api/schemas/index.js';
import type {Glimpse, LostWatch, Notice, PaneState, ResourceName, StoreSnapshot} from '../store/types.js';
import {ListMerger} from './mergeList.js';
import {memo, type Tagger} from './tag.js';
import {refKey, type FleetServer, type FleetSnapshot, type ServerName} from './types.js';

/** One server in view, as the merge reads it. */
export type MergeSource = {name: ServerName; label: string; readOnly: boolean; fromProfile: boolean; snapshot: StoreSnapshot; tagger: Tagger};

export class SnapshotMerger {
	readonly conversations = new ListMerger<AppConversation>(c => c.created_at);
	readonly sandboxes = new ListMerger<Sandbox>(s => s.created_at);
	// specs have no time worth ordering by: each server's together
	readonly specs = new ListMerger<SandboxSpec>(null);
	private readonly servers = new WeakMap<StoreSnapshot, FleetServer>();
	private readonly serverList = memo<readonly FleetServer[]>();
	private readonly startTasks = memo<FleetSnapshot['startTasks']>();
	private readonly pending = memo<FleetSnapshot['pending']>();
	private readonly lost = memo<FleetSnapshot['lostWatches']>();
	private readonly notice = memo<Notice | null>();
	private readonly attention = memo<FleetSnapshot['attention']>();
	private readonly acknowledged = memo<FleetSnapshot['acknowledged']>();
	private readonly siblings = memo<FleetSnapshot['sandboxConversations']>();
	private readonly activity = memo<FleetSnapshot['activity']>();
	private readonly changes = memo<FleetSnapshot['changes']>();
	private readonly drafts = memo<FleetSnapshot['drafts']>();
	private readonly glimpses = memo<FleetSnapshot['glimpses']>();
	private readonly panes = memo<FleetSnapshot['panes']>();
	private readonly files = memo<FleetSnapshot['files']>();
	private readonly named = new WeakMap<Notice, Notice>();
	private last: FleetSnapshot | null = null;

	merge(
		sources: readonly MergeSource[],
		{names, inView, labels, lastInView}: Pick<FleetSnapshot, 'names' | 'inView' | 'labels' | 'lastInView'>,
		visible: ResourceName,
		own: Notice | null,
	): FleetSnapshot {
		const several = sources.length > 1;
		const field = <K extends keyof StoreSnapshot>(key: K) => sources.map(s => s.snapshot[key]);
		// a server that has no sandboxes or specs (an agent server: PLAN decision 1) is no part of those
		// lists, nor of their errors; with one server its own state says so
		const able = (what: 'sandboxes' | 'specs') => (several ? sources.filter(s => s.snapshot.server?.capabilities[what] !== false) : sources);
		const next: FleetSnapshot = {
			servers: this.serverList(sources.flatMap(s => [s.snapshot, s.label, s.readOnly]), () => sources.map(s => this.server(s))),
			names,
			inView,
			labels,
			lastInView,
			visible,
			conversations: this.conversations.merge(sources.map(s => ({name: s.name, state: s.snapshot.conversations, tagger: s.tagger}))),
			sandboxes: this.sandboxes.merge(able('sandboxes').map(s => ({name: s.name, state: s.snapshot.sandboxes, tagger: s.tagger}))),
			specs: this.specs.merge(able('specs').map(s => ({name: s.name, state: s.snapshot.specs, tagger: s.tagger}))),
			startTasks: this.startTasks(field('startTasks'), () => sources.flatMap(s => s.tagger.list(s.snapshot.startTasks))),
			pending: this.pending(field('pending'), () => sources.flatMap(s => s.tagger.list(s.snapshot.pending))),
			lostWatches: this.lost(field('lostWatches'), () => byRef(sources, s => s.snapshot.lostWatches ?? EMPTY_LOST)),
			notice: this.notice([...field('notice'), own], () => this.newestNotice(sources, own, several)),
			attention: this.attention(field('attention'), () => {
				const all = sources.flatMap(s => s.tagger.list(s.snapshot.attention));
				return several ? all.sort((a, b) => a.at - b.at) : all;
			}),
			acknowledged: this.acknowledged(field('acknowledged'), () => {
				const all = sources.flatMap(s => s.tagger.list(s.snapshot.acknowledged ?? EMPTY_ITEMS));
				return several ? all.sort((a, b) => a.at - b.at) : all;
			}),
			sandboxConversations: this.siblings(field('sandboxConversations'), () => {
				const source = sources.find(s => s.snapshot.sandboxConversations !== null);
				const found = source?.snapshot.sandboxConversations;
				if (!source || !found) return null;
				return {...found, server: source.name, conversations: found.conversations && source.tagger.list(found.conversations)};
			}),
			activity: this.activity(field('activity'), () => {
				const source = sources.find(s => s.snapshot.activity !== null);
				return source ? source.tagger.tag(source.snapshot.activity!) : null;
			}),
			changes: this.changes(field('changes'), () => {
				const source = sources.find(s => s.snapshot.changes);
				return source ? source.tagger.tag(source.snapshot.changes!) : null;
			}),
			drafts: this.drafts(field('drafts'), () => byRef(sources, s => s.snapshot.drafts)),
			glimpses: this.glimpses(field('glimpses'), () => byRef(sources, s => s.snapshot.glimpses ?? EMPTY_GLIMPSES)),
			panes: this.panes(field('panes'), () => byRef(sources, s => s.snapshot.panes ?? EMPTY_PANES)),
			files: this.files(field('files'), () => {
				const source = sources.find(s => s.snapshot.files);
				return source ? source.tagger.tag(source.snapshot.files!) : null;
			}),
		};
		const last = this.last;
		if (last && (Object.keys(next) as (keyof FleetSnapshot)[]).every(key => next[key] === last[key])) return last;
		this.last = next;
		return next;
	}

	private server(source: MergeSource): FleetServer {
		const known = this.servers.get(source.snapshot);
		if (known && known.label === source.label && known.readOnly === source.readOnly && known.name === source.name) return known;
		const made = {name: source.name, label: source.label, readOnly: source.readOnly, fromProfile: source.fromProfile, snapshot: source.snapshot};
		this.servers.set(source.snapshot, made);
		return made;
	}

	private newestNotice(sources: readonly MergeSource[], own: Notice | null, several: boolean): Notice | null {
		let newest: Notice | null = own;
		for (const source of sources) {
			const notice = source.snapshot.notice;
			if (!notice || (newest && newest.at > notice.at)) continue;
			newest = several ? this.nameNotice(notice, source.name) : notice;
		}

		return newest;
	}

	private nameNotice(notice: Notice, name: ServerName): Notice {
		let named = this.named.get(notice);
		if (!named) {
			named = {...notice, text: `${name}: ${notice.text}`};
			this.named.set(notice, named);
		}

		return named;
	}
}

const EMPTY_LOST: Readonly<Record<string, LostWatch>> = {};
const EMPTY_ITEMS: StoreSnapshot['attention'] = [];
const EMPTY_GLIMPSES: Readonly<Record<string, Glimpse>> = {};
const EMPTY_PANES: Readonly<Record<string, PaneState>> = {};

/** A record keyed by id on each server, keyed by `refKey` across them. */
function byRef<V>(sources: readonly MergeSource[], read: (source: MergeSource) => Readonly<Record<string, V>>): Readonly<Record<string, V>> {
	const out: Record<string, V> = {};
	for (const source of sources) {
		for (const [id, value] of Object.entries(read(source))) out[refKey({server: source.name, id})] = value;
	}

	return out;
}
