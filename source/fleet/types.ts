/**
 * The contract between the fleet and the UI (issue 16 §2, design.md "A store per server, a fleet
 * above them"). The fleet owns one store per server (today's store, unchanged: its budget, backoff,
 * probe, freshness and watches), merges their snapshots into what the UI reads, and routes every
 * action to the store of the item it names. The UI reads `FleetSnapshot` through
 * `useSyncExternalStore(fleet.subscribe, fleet.getSnapshot)` and never sees a store.
 *
 * Items carry their server (`Tagged<T>`), so a row is its own `Ref`. Two profiles may name the same
 * server, so ids alone can repeat: rows, selections and memory are keyed by `refKey`.
 */
import type {AgentCommand} from '../api/client.js';
import type {AppConversation, ConfirmationPolicy, NewConversation, Sandbox, SandboxSpec, StartTask} from '../api/schemas/index.js';
import type {
	ActivityState,
	AttentionItem,
	Glimpse,
	ChangesState,
	FilesState,
	ListResourceName,
	ListState,
	LostWatch,
	MessageOptions,
	Notice,
	PaneState,
	PatchCopy,
	PendingAction,
	ResourceName,
	SandboxConversations,
	SaveResult,
	StoreSnapshot,
} from '../store/types.js';

/** A server's name in the UI: its profile's name (config/servers.ts). */
export type ServerName = string;

/** Which server's item: every action names one. */
export type Ref = {readonly server: ServerName; readonly id: string};

/** An item of one server, as the UI reads it: itself plus the server it came from. */
export type Tagged<T> = T & {readonly server: ServerName};

/** One key for a server's item, unique across servers (ids repeat when two profiles share a server). */
export function refKey(ref: Ref): string {
	return `${ref.server}\u0000${ref.id}`;
}

export function sameRef(a: Ref | null | undefined, b: Ref | null | undefined): boolean {
	return Boolean(a && b && a.server === b.server && a.id === b.id);
}

/** A server's needs-you count (the header's: its attention items) when it was last in view, and when that was. */
export type LastInView = {readonly needsYou: number; readonly at: number};

/** One server in view, as the header and the settings view read it. */
export type FleetServer = {
	readonly name: ServerName;
	/** its URL for the header; '' while an embedded demo server starts */
	readonly label: string;
	/** opened read-only: every action on its items is refused */
	readonly readOnly: boolean;
	/** opened from a profile of that name (the header names it); false for a bare URL or the demo */
	readonly fromProfile: boolean;
	/** its store's own snapshot (settings, health, what the probe found) */
	readonly snapshot: StoreSnapshot;
};

export type FleetSnapshot = {
	/** the servers in view, in the order they were configured */
	servers: readonly FleetServer[];
	/** every server the fleet can show (the picker lists them), in order */
	names: readonly ServerName[];
	/** the names of `servers` (an array that changes only when the picker does) */
	inView: readonly ServerName[];
	/** every server's URL for the header and the picker, by name ('' while an embedded one starts) */
	labels: Readonly<Record<ServerName, string>>;
	/**
	 * what each server out of view was known to hold when it left the view (the picker shows it: an
	 * out-of-view server is asked nothing); absent for one never loaded in this session
	 */
	lastInView: Readonly<Record<ServerName, LastInView>>;
	/** the tab every store in view polls */
	visible: ResourceName;
	/** the servers' rows interleaved by time, each server's own order kept */
	conversations: ListState<Tagged<AppConversation>>;
	sandboxes: ListState<Tagged<Sandbox>>;
	specs: ListState<Tagged<SandboxSpec>>;
	startTasks: readonly Tagged<StartTask>[];
	pending: readonly Tagged<PendingAction>[];
	/** by `refKey` of the sandbox or start task */
	lostWatches: Readonly<Record<string, LostWatch>>;
	/** the newest footer message of any server (named after it when several are in view) */
	notice: Notice | null;
	/** oldest first across servers */
	attention: readonly Tagged<AttentionItem>[];
	/** errors and stuck agents acknowledged with `d` (issue 26 item 2): `!` lists them on request */
	acknowledged: readonly Tagged<AttentionItem>[];
	sandboxConversations: Tagged<Omit<SandboxConversations, 'conversations'> & {conversations: readonly Tagged<AppConversation>[] | null}> | null;
	activity: Tagged<ActivityState> | null;
	/** the open workspace changes view (issue 16 §1), of whichever server */
	changes: Tagged<ChangesState> | null;
	/** unsent drafts by `refKey` of the conversation */
	drafts: Readonly<Record<string, string>>;
	/** the newest events of conversations on screen or waiting, by `refKey` (store/glimpses.ts) */
	glimpses: Readonly<Record<string, Glimpse>>;
	/** command panes (issue 28 item 4, `$`) by `refKey` of the conversation */
	panes: Readonly<Record<string, PaneState>>;
	/** the open workspace file list (`F`), of whichever server */
	files: Tagged<FilesState> | null;
};

export interface Fleet {
	subscribe(listener: () => void): () => void;
	getSnapshot(): FleetSnapshot;

	/** begins polling on every server in view */
	start(): void;
	/** stops every store */
	dispose(): void;
	/** the picker: these servers are shown and polled; the others are stopped (nothing is sent to them) */
	setInView(names: readonly ServerName[]): void;
	/** a server's header label, once known (an embedded server listens after the first frame) */
	setLabel(name: ServerName, label: string): void;

	setVisible(resource: ResourceName): void;
	refresh(): void;
	loadMore(resource: ListResourceName): void;
	loadAll(resource: ListResourceName): void;
	/** rows on screen, as indexes into the merged list */
	setViewport(resource: ListResourceName, firstIndex: number, lastIndex: number): void;
	prefetch(resource: ResourceName): void;
	/** reads one server's resource now, showing `loading` until it comes */
	readNow(server: ServerName, resource: ResourceName): void;

	pauseSandbox(sandbox: Ref): void;
	resumeSandbox(sandbox: Ref): void;
	/** from a spec of that server, or its default spec (null) */
	startSandbox(server: ServerName, specId?: string | null): void;
	createConversation(server: ServerName, request: NewConversation): void;
	clearNotice(): void;

	openActivity(conversation: Ref): void;
	closeActivity(): void;
	loadOlderEvents(): void;
	setFollow(on: boolean): void;
	setActivityViewport(firstIndex: number, lastIndex: number): void;
	readWholeEvent(eventId: string | null): void;

	saveDraft(conversation: Ref, text: string): void;
	sendMessage(conversation: Ref, text: string, options?: MessageOptions): void;
	controlAgent(conversation: Ref, command: AgentCommand, reason?: string): void;
	setConfirmationPolicy(conversation: Ref, policy: ConfirmationPolicy): void;
	/** a conversation's workspace changes (one view at a time, of one server) */
	openChanges(conversation: Tagged<AppConversation>): void;
	closeChanges(): void;
	/** one file's diff in the open changes view; null closes it */
	openDiff(path: string | null): void;
	/** reads the open changes view's list and diff again (Ctrl-r there) */
	refreshChanges(): void;

	/** the workspace (issue 28 item 4): a command in it (refused on a read-only server) */
	runCommand(conversation: Tagged<AppConversation>, command: string): void;
	/** its file list (one at a time, of one server); a file of it read for the pager */
	openFiles(conversation: Tagged<AppConversation>): void;
	closeFiles(): void;
	openFile(path: string | null): void;
	/** a workspace file, or its patch, to a local file (`exists` first, unless `overwrite`); the patch for the clipboard */
	saveFile(conversation: Tagged<AppConversation>, path: string, local: string, overwrite?: boolean): Promise<SaveResult>;
	savePatch(conversation: Tagged<AppConversation>, local: string, options?: {paths?: readonly string[]; overwrite?: boolean}): Promise<SaveResult>;
	copyPatch(conversation: Tagged<AppConversation>, options?: {paths?: readonly string[]}): Promise<PatchCopy>;

	deleteConversation(conversation: Ref): void;
	deleteSandbox(sandbox: Ref): void;
	/** one item (by its server and key), or all of them */
	dismissAttention(item?: {server: ServerName; key: string}): void;
	conversationsInSandbox(sandbox: Ref | null): void;
	/** reads one item by id into its server's list (a row asked for that is not loaded) */
	reveal(resource: ListResourceName, item: Ref): void;
	/** the conversations on screen whose newest events are shown, and the one in the preview */
	watchGlimpses(conversations: readonly Ref[], focus: Ref | null): void;
	/** `x` on a waiting conversation: its agent server is asked what it can do (store/attention/glimpses.ts) */
	askAgent(conversation: Ref): void;
}
