/**
 * The polling store. The rules it keeps:
 *
 * - State (./types.ts): settings, conversations, sandboxes, specs (each: data, fetchedAt, loading,
 *   error, retryAt, staleSince; lists also hasMore, capped, loadingMore, unreadable), the start tasks
 *   of conversations created in this session, pending actions, watches that gave up, one footer
 *   notice, what the client's probe found (`server`), the open activity, message drafts, what needs
 *   the user (`attention`) and the conversations of one sandbox (`sandboxConversations`).
 * - Polling (./resources.ts): only the visible tab's resource polls, every `refreshMs` (default 5 s,
 *   never below 1 s), counted from the end of its last successful fetch; hidden tabs never poll.
 *   Showing a tab whose data is older than the interval fetches at once. Settings poll too; their 404
 *   is `data: null`. Nothing polls before `start()`.
 * - Failures keep the last data, record `error` (kind + one line) and retry with backoff instead of
 *   the interval (./backoff.ts): 1 s doubling to 30 s, ±20 % jitter, at least a 429's Retry-After
 *   (clamped to 5 minutes), at least 60 s after a 401/403 (a wrong key does not fix itself) or a
 *   URL that is no OpenHands server; watches back off the same way. What this kind of server cannot
 *   do (`unsupported`: an agent server's sandboxes) is final: not asked again until the probe finds
 *   another server. The first success clears the error and the interval resumes. No timer is ever
 *   set past 2^31-1 ms.
 * - One lane per resource: never two requests in flight for one resource; a `refresh()` or a poll
 *   joins a running refresh; a refresh after an action queues behind it (it needs newer data).
 * - One request budget for the whole store (./budget.ts): at most `maxRequestsPerSecond` (default 10)
 *   in any window of 1.1 s, each request counted from its send until 1.1 s after its answer (it may
 *   reach the server late); once half the budget is in use, requests are paced 110 ms apart (no
 *   bursts; a lone request goes at once). Requests over budget queue: actions, then pages, then
 *   watches, then polls, except that one waiting over a second goes first (nothing starves).
 * - Lists (./pagedList.ts): the first page on first fetch, `loadMore`/`loadAll` up to `maxItems`
 *   (then `capped`). A poll refreshes page 1 plus only the loaded pages on screen (`setViewport`), so
 *   idle cost stays about one request per interval; merged pages drop later duplicates by id (items
 *   shift). Paging ends at a page id already loaded or a page with nothing new (a server's loop; a
 *   notice says so), and gives way to a waiting refresh between pages (a poll or Ctrl-r never
 *   starves). A refresh the user asked for (Ctrl-r) goes at page priority, ahead of polls and
 *   watches. Items that fail their schema are left out and counted in `unreadable` (the api reads
 *   pages item by item); a page with no readable item at all fails as a whole.
 * - Actions (./actions.ts): pause/resume are refused without a request when the list shows the
 *   sandbox already in the target state or another pause/resume of it is pending. Action calls get
 *   `actionDeadlineMs` (60 s: a process-runtime start blocks ~31 s). After the call: refetch the
 *   sandbox list, then watch the sandbox until the target state, updating its row; give up after
 *   `watchTimeoutMs`. A start task is watched until READY/ERROR, each status for as long as the
 *   server's own deadline for that step (./watchSources.ts). A call that timed out after it was sent
 *   is `checking` ("outcome unknown"), never "failed": a watch finds out (the sandbox, or for a start
 *   or create the newest items, for something new). A watch that gives up says so in a notice and
 *   leaves a `lostWatches` entry ("no longer watched, last seen …"). A call refused outright sets an
 *   error notice.
 * - Watches go through one hub (./watches.ts): every watched key of one source shares one request
 *   per tick (sandboxes every 1 s in one `getSandboxes`, start tasks every 1.5 s in one
 *   `getStartTasks`), so ten pending actions cost what one does and the lists keep their turn.
 * - Freshness: each list item remembers when the request that brought it was sent; a list answer
 *   older than a watch's never replaces the watch's item.
 * - Staleness: the visible resource gets `staleSince` (its last success) when two intervals pass
 *   without a success (a hung request, a starved poll; a shown tab gets one interval of grace), set
 *   by one timer re-armed at each success, so the header never says "ok" over old data and a healthy
 *   screen is never notified for it.
 * - Activity (./activity.ts, issue 10): one open conversation's events in a bounded window. While
 *   it is open it holds the list poll (`Resources.hold`): the activity is what polls, one request an
 *   interval (nothing new → no notification; failures back off 1 s doubling to 30 s, at least a
 *   429's Retry-After), and the held list is neither polled nor marked stale; on close it polls again
 *   with the grace of a tab just shown. Messages and agent commands (./messages.ts): one request
 *   each, a notice for every result, drafts kept until the app quits.
 * - Attention (./attention.ts, issue 11): derived from transitions the store already sees, inside
 *   the same snapshot change (`Core.derive`: one snapshot, one notification). Unless
 *   `attentionCheck` is false, a background check sends at most one request every refresh interval
 *   (changed conversations, or now and then this session's sandboxes; issue 18 §2), skipped while the
 *   visible tab already reads every conversation; it fails quietly and waits its turn (or the
 *   Retry-After). Conversations with an events socket open (./liveWatch.ts) count at once.
 * - Live events (./liveSockets.ts, ./activityLive.ts, issue 18): where a conversation's agent server
 *   can be reached, its events websocket feeds the open activity (no search while it is up) and the
 *   running conversations' statuses (attention), at most 8 sockets; elsewhere, polling as above.
 * - Deletes (./deletes.ts): exactly one request, no retry; the row goes when the server confirms and
 *   stays gone even when an older poll answers later. Server info (./serverInfo.ts): asked at start
 *   (before the first list, which then waits for its verdict) and again when the server comes back
 *   from an outage.
 * - A conversation's workspace changes (./changes.ts): read when the view opens, never polled.
 * - Its workspace (./workspace/, issue 28 item 4): a command pane per conversation (`panes`), the
 *   open file list (`files`), and the patch or a file saved or copied; read when asked, never polled.
 * - Notifications: only when the snapshot changes. Equal data keeps its objects (per item by id,
 *   deep-equal), lists keep their arrays, the snapshot keeps its identity. `loading` is exposed
 *   only while the user waits (first load, `refresh()`), and `fetchedAt` only moves with another
 *   change, so a healthy idle poll with unchanged data notifies nobody.
 * - Time: every timer and clock reading goes through `options.scheduler`, so tests drive time with
 *   a manual clock that leaves the global timers alone: vitest's fake `setTimeout` would also
 *   capture undici's own timer tick (undici/lib/util/timers.js calls the global at use time), so
 *   its time-outs would follow fake time, or never fire once real timers are back. `dispose()`
 *   clears every timer, rejects queued requests and aborts those in flight.
 */
import type {OpenHandsClient} from '../api/client.js';
import type {AppConversation} from '../api/schemas/index.js';
import {Actions} from './actions/actions.js';
import {Activity} from './activity/activity.js';
import {AgentCommands} from './actions/agentCommands.js';
import {Attention} from './attention/attention.js';
import {Changes} from './activity/changes.js';
import {Core} from './core.js';
import {Deletes} from './actions/deletes.js';
import {Glimpses} from './attention/glimpses.js';
import {LiveSockets} from './live/liveSockets.js';
import {SocketBudget} from './live/socketBudget.js';
import {LiveWatch} from './live/liveWatch.js';
import {Messages} from './actions/messages.js';
import {Resources} from './lists/resources.js';
import {checkTimedOut, trustLiveSocket} from './lists/liveTrust.js';
import {Reveal} from './lists/reveal.js';
import {memorySeenStore} from './attention/seenStore.js';
import {SandboxConversationsFinder} from './lists/sandboxConversations.js';
import {ServerInfoWatch} from './serverInfo.js';
import type {Store, StoreOptions} from './types.js';
import {registerWatchSources} from './actions/watchSources.js';
import {WatchHub} from './actions/watches.js';
import {CommandPanes} from './workspace/commandPanes.js';
import {FilesLane} from './workspace/filesLane.js';
import {WorkspaceOpener} from './workspace/workspaceOpener.js';
import {WorkspaceSaves} from './workspace/workspaceSaves.js';

export type PollingStore = Store & {
	/** resolves once no request is on the wire (tests step a manual clock with it) */
	whenSettled(): Promise<void>;
};

export function createStore(client: OpenHandsClient, options: StoreOptions = {}): PollingStore {
	const core = new Core(options);
	const resources = new Resources(client, core);
	// shared by every action kind: watches of one source share one request per tick (./watches.ts)
	const watches = new WatchHub(core);
	registerWatchSources(watches, client);
	const actions = new Actions(client, core, resources, watches);
	const sockets = new LiveSockets(client, core, options.liveEvents === false ? new SocketBudget(0) : (options.socketBudget ?? new SocketBudget()));
	// a sandbox ERROR from one timed-out status check is not taken over a live socket (./lists/liveTrust.ts)
	resources.adjust('conversations', (held, fresh) =>
		checkTimedOut(fresh as AppConversation) && sockets.alive(fresh.id) ? trustLiveSocket(held() as AppConversation | undefined, fresh as AppConversation) : fresh,
	);
	const activity = new Activity(client, core, resources, sockets);
	const messages = new Messages(client, core, actions, activity);
	const agentCommands = new AgentCommands(client, core, activity, watches);
	const serverInfo = new ServerInfoWatch(client, core);
	const attention = new Attention(client, core, resources, options.seen ?? memorySeenStore(() => core.now()));
	const reveal = new Reveal(client, core, resources);
	const deletes = new Deletes(client, core, resources, attention, reveal);
	const siblings = new SandboxConversationsFinder(client, core, resources);
	const glimpses = new Glimpses(client, core);
	// what a watched agent does comes over its socket into its glimpse: the doing column and the preview, live
	const watch = new LiveWatch(core, sockets, resources, (id, events) => glimpses.take(id, events));
	const changes = new Changes(client, core);
	// issue 28 item 4: a conversation's workspace, opened once and kept, every request within the budget
	const workspaces = new WorkspaceOpener(client, core);
	const panes = new CommandPanes(workspaces, core);
	const files = new FilesLane(workspaces, core);
	const saves = new WorkspaceSaves(workspaces);
	// another server after an outage: what the old one could not serve is asked again
	let server = core.get().server;
	core.subscribe(() => {
		const next = core.get().server;
		if (next === server) return;
		const was = server;
		server = next;
		if (was !== null) resources.serverChanged();
	});

	return {
		subscribe: listener => core.subscribe(listener),
		getSnapshot: () => core.get(),
		start: () => {
			// the probe first: a list fetch then waits for its verdict (which kind of server) instead of guessing
			serverInfo.start();
			resources.start();
			if (options.attentionCheck !== false) attention.start();
			if (options.liveEvents !== false) watch.start();
			glimpses.start();
		},
		dispose: () => {
			glimpses.dispose();
			attention.dispose();
			watch.dispose();
			changes.close();
			panes.dispose();
			files.close();
			activity.dispose();
			sockets.dispose();
			serverInfo.dispose();
			resources.dispose();
			core.dispose();
		},
		setVisible: resource => resources.setVisible(resource),
		// with an activity open the lists wait (Resources.hold): Ctrl-r reads the events now instead
		refresh: () => (core.get().activity ? activity.refresh() : void resources.refresh(core.get().visible, 'user')),
		loadMore: resource => void resources.loadMore(resource),
		loadAll: resource => void resources.loadAll(resource),
		setViewport: (resource, first, last) => resources.setViewport(resource, first, last),
		prefetch: resource => resources.prefetch(resource),
		readNow: resource => void resources.refresh(resource, 'user'),
		pauseSandbox: id => actions.pause(id),
		resumeSandbox: id => actions.resume(id),
		startSandbox: specId => actions.startSandbox(specId),
		createConversation: request => actions.createConversation(request),
		clearNotice: () => {
			const snapshot = core.get();
			if (snapshot.notice) core.set({...snapshot, notice: null});
		},
		// issue 10: the activity view's events (./activity.ts), drafts, messages, agent control (./messages.ts)
		openActivity: id => activity.open(id),
		closeActivity: () => activity.close(),
		loadOlderEvents: () => activity.loadOlder(),
		setFollow: on => activity.setFollow(on),
		setActivityViewport: (first, last) => activity.setViewport(first, last),
		readWholeEvent: eventId => activity.readWhole(eventId),
		saveDraft: (id, text) => messages.saveDraft(id, text),
		sendMessage: (id, text, options) => messages.send(id, text, options),
		controlAgent: (id, command, reason) => agentCommands.control(id, command, reason),
		setConfirmationPolicy: (id, policy) => messages.setPolicy(id, policy),
		openChanges: conversation => changes.open(conversation),
		closeChanges: () => changes.close(),
		openDiff: path => (path === null ? changes.closeDiff() : changes.openDiff(path)),
		refreshChanges: () => changes.refresh(),
		runCommand: (conversation, command) => void panes.run(conversation, command),
		openFiles: conversation => files.open(conversation),
		closeFiles: () => files.close(),
		openFile: path => files.openFile(path),
		saveFile: (conversation, path, local, overwrite) => saves.saveFile(conversation, path, local, overwrite),
		savePatch: (conversation, local, options) => saves.savePatch(conversation, local, options),
		copyPatch: (conversation, options) => saves.copyPatch(conversation, options),
		deleteConversation: id => deletes.conversation(id),
		deleteSandbox: id => deletes.sandbox(id),
		dismissAttention: key => attention.dismiss(key),
		conversationsInSandbox: sandboxId => siblings.find(sandboxId),
		reveal: (resource, id) => reveal.item(resource, id),
		watchGlimpses: (ids, focus) => glimpses.watch(ids, focus),
		askAgent: id => glimpses.askAgent(id),
		whenSettled: () => core.whenSettled(),
	};
}
