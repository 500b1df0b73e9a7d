/**
 * The contract between the polling store and the UI. The UI reads `StoreSnapshot` through
 * `useSyncExternalStore(store.subscribe, store.getSnapshot)` and calls `Store` actions; it never
 * calls the client itself.
 *
 * Snapshots are immutable and keep their identity (and every unchanged item keeps its identity)
 * when a fetch brings nothing new, so React does not re-render and Ink writes nothing.
 */
import type {AgentCommand, ServerInfo} from '../api/client.js';
import type {ConfirmationPolicy} from '../api/schemas/index.js';
import type {
	AppConversation,
	NewConversation,
	Sandbox,
	SandboxSpec,
	Settings,
	StartTask,
} from '../api/schemas/index.js';
import type {SocketBudget} from './live/socketBudget.js';
import type {AgentInfo, ChangesState} from './agentTypes.js';
import type {Scheduler} from './scheduler.js';
import type {SeenStore} from './attention/seenStore.js';
import type {ErrorInfo, ListResourceName, ListState, ResourceName, ResourceState} from './resourceTypes.js';
import type {LostWatch, Notice, PendingAction} from './actionTypes.js';
import type {FilesState, Panes, PatchCopy, SaveResult} from './workspaceTypes.js';
import type {ActivityState} from './activityTypes.js';
import type {AttentionItem, Glimpse} from './attentionTypes.js';

export type {AgentInfo, ChangedFile, ChangesState, DiffState} from './agentTypes.js';
export type {ErrorInfo, ListResourceName, ListState, ResourceName, ResourceState} from './resourceTypes.js';
export type {ActionKind, LostWatch, Notice, PendingAction} from './actionTypes.js';
export type {FilesState, FileView, PaneLine, Panes, PaneState, PatchCopy, SaveResult} from './workspaceTypes.js';
export type {ActivityState, ActivityTransport} from './activityTypes.js';
export type {AttentionItem, Glimpse} from './attentionTypes.js';

/**
 * The conversations that use one sandbox (issue 11): `c` on a sandbox, and confirmations that name
 * the conversations sharing a sandbox.
 */
export type SandboxConversations = {
	sandboxId: string;
	/** null while loading (or after a failure) */
	conversations: readonly AppConversation[] | null;
	/**
	 * `server`: the server filtered by sandbox (current servers, `sandbox_id__eq`); `loaded`: only
	 * what ohtui has loaded was looked at (legacy servers cannot filter); null while loading
	 */
	source: 'server' | 'loaded' | null;
	error: ErrorInfo | null;
};

export type StoreSnapshot = {
	/** `data` is null when the server has no settings stored yet (404) */
	settings: ResourceState<Settings | null>;
	conversations: ListState<AppConversation>;
	sandboxes: ListState<Sandbox>;
	specs: ListState<SandboxSpec>;
	/** start tasks of conversations created in this session, newest first, kept after READY/ERROR */
	startTasks: readonly StartTask[];
	pending: readonly PendingAction[];
	/**
	 * watches that gave up, by sandbox id or start-task id (the most recent few); an entry goes when a
	 * new action on that target starts. Absent in snapshots built before this existed.
	 */
	lostWatches?: Readonly<Record<string, LostWatch>>;
	/** the last message for the footer: an action done, refused, or failed */
	notice: Notice | null;
	/** the resource of the visible tab */
	visible: ResourceName;
	/** what the probe found about the server (generation, flavour, auth); null until known */
	server: ServerInfo | null;
	/** the open activity view's conversation, or null */
	activity: ActivityState | null;
	/** unsent message drafts by conversation id, kept until the app quits */
	drafts: Readonly<Record<string, string>>;
	/** what needs the user now, oldest first; handled items leave it */
	attention: readonly AttentionItem[];
	/** errors and stuck agents acknowledged with `d`, out of `attention` until their state changes (absent: none) */
	acknowledged?: readonly AttentionItem[];
	/** the last `conversationsInSandbox` answer, or null */
	sandboxConversations: SandboxConversations | null;
	/** newest events of the conversations on screen and of those waiting, by id (absent: none yet) */
	glimpses?: Readonly<Record<string, Glimpse>>;
	/** the open workspace changes view (issue 16), or null (absent in hand-built snapshots) */
	changes?: ChangesState | null;
	/** command panes (issue 28 item 4, `$`) by conversation id (absent: none yet) */
	panes?: Panes;
	/** the open workspace file list (issue 28 item 4, `F`), or null (absent: none) */
	files?: FilesState | null;
};

/** How a message goes (Store.sendMessage). */
export type MessageOptions = {resumeFirst?: boolean; acceptFirst?: boolean};

export interface Store {
	subscribe(listener: () => void): () => void;
	getSnapshot(): StoreSnapshot;

	/** begins polling the visible resource */
	start(): void;
	/** stops every timer and aborts requests in flight */
	dispose(): void;

	/** the tab changed: poll this resource; fetch at once if its data is older than the interval */
	setVisible(resource: ResourceName): void;
	/** Ctrl-r: fetch the visible resource now (joins a fetch already in flight) */
	refresh(): void;
	/** the selection is near the end of what is loaded: fetch the next page if there is one */
	loadMore(resource: ListResourceName): void;
	/** `G`: load pages up to the cap */
	loadAll(resource: ListResourceName): void;
	/** which rows are on screen, so pages on screen are refreshed too */
	setViewport(resource: ListResourceName, firstIndex: number, lastIndex: number): void;
	/**
	 * Fetch a resource once if it was never loaded, without polling it (the Sandboxes tab needs the
	 * specs for its spec picker while the Specs tab is hidden).
	 */
	prefetch(resource: ResourceName): void;
	/** reads a resource now, showing `loading` until it comes (the new-conversation form's settings) */
	readNow(resource: ResourceName): void;

	pauseSandbox(id: string): void;
	resumeSandbox(id: string): void;
	startSandbox(specId?: string | null): void;
	createConversation(request: NewConversation): void;

	/** clears the footer message */
	clearNotice(): void;

	/** opens the activity of a conversation: loads its newest events and follows new ones */
	openActivity(conversationId: string): void;
	/** closes it: stops following, frees the window */
	closeActivity(): void;
	/** loads the page of events before the first one held */
	loadOlderEvents(): void;
	/** follow on: fetch what is newer every interval; off: stop (scrolling up) */
	setFollow(on: boolean): void;
	/** the part of the window on screen (indexes into `activity.events`), so the window can be trimmed */
	setActivityViewport(firstIndex: number, lastIndex: number): void;
	/** reads the whole of an event kept short, for its pager (`activity.wholeEvent`); null: let it go */
	readWholeEvent(eventId: string | null): void;

	/** keeps an unsent draft for a conversation (empty text removes it) */
	saveDraft(conversationId: string, text: string): void;
	/**
	 * Sends one message (exactly one POST). With `resumeFirst`, resumes the paused sandbox, watches
	 * it to RUNNING, then sends. Actions that wait for a confirmation are rejected first, or with
	 * `acceptFirst` accepted first; where they cannot be rejected nothing is sent (./actions/safeSend.ts).
	 * A failure keeps the draft and sets an error notice saying why.
	 */
	sendMessage(conversationId: string, text: string, options?: MessageOptions): void;
	/** pause / run / interrupt the agent, accept / reject its pending actions (agent server routes) */
	controlAgent(conversationId: string, command: AgentCommand, reason?: string): void;
	/** switches a conversation's confirmation policy on its agent server */
	setConfirmationPolicy(conversationId: string, policy: ConfirmationPolicy): void;
	/** opens (or reads again) a conversation's workspace changes; closeChanges() frees them */
	openChanges(conversation: AppConversation): void;
	closeChanges(): void;
	/** one changed file's diff into `changes.diff` (null closes it) */
	openDiff(path: string | null): void;
	/** reads the open changes again: the list, the counts, the diff on screen (Ctrl-r there) */
	refreshChanges(): void;

	/*
	 * The workspace (issue 28 item 4): `$`, `F`, `w`, `y`. What saves to a local file answers
	 * `exists` before any request when the file is there and `overwrite` was not said.
	 */
	/** runs a command in the conversation's workspace, into `panes[id]`; refused with a notice while its last one runs */
	runCommand(conversation: AppConversation, command: string): void;
	/** reads the workspace's file list into `files`; closeFiles() frees it */
	openFiles(conversation: AppConversation): void;
	closeFiles(): void;
	/** reads the start of one file of the open list into `files.file` (null closes it) */
	openFile(path: string | null): void;
	/** a workspace file (relative to its folder) to a local file */
	saveFile(conversation: AppConversation, path: string, local: string, overwrite?: boolean): Promise<SaveResult>;
	/** the workspace's patch (of `paths`, else every file) to a local file */
	savePatch(conversation: AppConversation, local: string, options?: {paths?: readonly string[]; overwrite?: boolean}): Promise<SaveResult>;
	/** the workspace's patch in memory, for the clipboard, when it is small enough */
	copyPatch(conversation: AppConversation, options?: {paths?: readonly string[]}): Promise<PatchCopy>;

	/** exactly one DELETE; the row goes when the server confirms */
	deleteConversation(id: string): void;
	deleteSandbox(id: string): void;
	/** removes one item from the attention list (handled), or all of them */
	dismissAttention(key?: string): void;
	/**
	 * Finds the conversations that use a sandbox into `sandboxConversations` (the client asks the
	 * server where it can filter; otherwise the loaded conversations are looked at). null clears it.
	 */
	conversationsInSandbox(sandboxId: string | null): void;
	/** reads one item by id into its list (a row asked for that is not loaded); says so when it is unknown */
	reveal(resource: ListResourceName, id: string): void;
	/**
	 * The conversations whose newest events are on screen ("doing now", the preview: `focus`), read
	 * at a slow pace (./glimpses.ts); replaces the last call's.
	 */
	watchGlimpses(ids: readonly string[], focus: string | null): void;
	/** `x` on a waiting conversation: what its agent server can do, into its glimpse (./attention/glimpses.ts) */
	askAgent(conversationId: string): void;
}

export type StoreOptions = {
	/** base poll interval in ms; never below 1000; default 5000 */
	refreshMs?: number;
	/** cap on items loaded per list; default 1000 */
	maxItems?: number;
	/** page size; default and maximum 100 */
	pageSize?: number;
	/** give up a sandbox watch after this long (start tasks follow the server's step deadlines); default 120_000 */
	watchTimeoutMs?: number;
	/** deadline of an action call (start, create, pause, resume); default 60_000 (a process-runtime start blocks ~31 s) */
	actionDeadlineMs?: number;
	/** request budget across the app; default 10 per second */
	maxRequestsPerSecond?: number;
	/** clock only (timers stay real); ignored when `scheduler` is given */
	now?: () => number;
	/** clock and timers; tests pass a manual one. Default: Date.now and the global timers */
	scheduler?: Scheduler;
	/** 0 <= x < 1, for backoff jitter; default Math.random */
	random?: () => number;
	/** the tab visible at first; default 'conversations' */
	visible?: ResourceName;
	/**
	 * the background check for what needs the user while another tab is visible (issues 11, 18):
	 * at most one request per refresh interval; default true (tests of other request counts turn it off)
	 */
	attentionCheck?: boolean;
	/** events over the conversations' websockets where they can be had (issue 18); default true */
	liveEvents?: boolean;
	/** how many sockets may be open at once; pass one to several stores to cap them all; default 8 a store */
	socketBudget?: SocketBudget;
	/** what the user has seen on this server (store/seenStore.ts); default in memory, from the store's start */
	seen?: SeenStore;
};
