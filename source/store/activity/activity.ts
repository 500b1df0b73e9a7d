import type {OpenHandsClient} from '../../api/client.js';
import type {AppConversation, ConfirmationPolicy} from '../../api/schemas/index.js';
import {withPolicy} from './activityAgent.js';
import {ActivityLive} from './activityLive.js';
import {ActivityReads} from './activityReads.js';
import {newRun, openedState, readAgain, recordSuccess, type Run} from './activityRun.js';
import {nextTick} from './activityTick.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import type {LiveSockets} from '../live/liveSockets.js';
import type {Resources} from '../lists/resources.js';
import {shareValue} from '../share.js';
import {trustLiveSocket} from '../lists/liveTrust.js';
import type {ActivityState} from '../types.js';

/** Rows from the window's newer edge at which the dropped newer events are fetched again. */
const NEAR_EDGE = 50;

/**
 * The activity view's events (issue 10), one conversation at a time. Its rules:
 *
 * - Open: the newest page (at most 100, newest first from the server), then follow. While open,
 *   the activity is what polls: the lists' poll pauses (Resources.hold) and resumes on close.
 * - Follow: one request per interval, counted from the end of the last one, asking only for what is
 *   new (./activityReads.ts makes the requests). Nothing new → no snapshot change, no notification.
 *   A failure backs off like the lists.
 * - Older pages (loadOlderEvents) when the user asks; newer ones (after the window dropped them)
 *   when the viewport nears the window's newer edge. One lane: never two event requests at once.
 * - The window holds WINDOW_MAX events; the side away from the viewport is dropped and fetched
 *   again when the user goes back there (hasOlder / hasNewer true again).
 * - The conversation's own fields: the status comes from ConversationStateUpdateEvents as they
 *   arrive; a batch get refreshes the rest only after new events (and when it was not listed).
 * - Follow off (the user reads back): new events still come into the window (below what is on
 *   screen), so the header's status and pending actions stay current; once the window no longer
 *   reaches the newest events, a batch get of the conversation keeps the header current instead.
 * - Where the conversation's websocket can be had, events come over it instead (./activityLive.ts).
 */
export class Activity {
	private run: Run | null = null;
	private readonly liveLane: ActivityLive;
	private readonly reads: ActivityReads;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
		sockets: LiveSockets,
	) {
		this.liveLane = new ActivityLive(core, sockets, {
			isOpen: run => this.live(run),
			commit: (run, fields, touch) => this.commit(run, fields, touch),
			catchUp: run => void run.lane.run('refresh', async () => void (await this.reads.follow(run)), true),
			reschedule: run => this.schedule(run),
			refreshConversation: run => this.refetchConversation(run),
		});
		this.reads = new ActivityReads(client, core, this.liveLane, {
			live: run => this.live(run),
			commit: (run, fields, touch) => this.commit(run, fields, touch),
			refetchConversation: run => this.refetchConversation(run),
		});
	}

	/** the conversation as the activity knows it (fresher than the list while open) */
	conversation(id: string): AppConversation | null {
		if (this.run?.id === id && this.run.conversation) return this.run.conversation;
		return this.core.get().conversations.data?.find(c => c.id === id) ?? null;
	}

	/**
	 * a fresher copy of a conversation (after a batch get elsewhere): into the view and the list.
	 * `sentAt`: when the request that brought it was sent (older data never replaces newer, ./freshness.ts)
	 */
	putConversation(fresh: AppConversation, sentAt: number): void {
		this.resources.upsert('conversations', fresh, false, sentAt);
		const run = this.run;
		if (run?.id !== fresh.id) return;
		// one timed-out status check of its sandbox is not taken over the live socket (../lists/liveTrust.ts)
		const conversation = run.live ? trustLiveSocket(run.conversation, fresh) : fresh;
		run.conversation = shareValue(run.conversation ?? undefined, conversation);
		run.reported = conversation.execution_status;
		this.commit(run, {});
		this.liveLane.attach(run);
	}

	open(conversationId: string): void {
		if (this.run?.id === conversationId) return;
		this.close();
		const conversation = this.core.get().conversations.data?.find(c => c.id === conversationId) ?? null;
		const run: Run = newRun(conversationId, conversation, this.core.now(), () => this.schedule(run));
		this.run = run;
		this.resources.hold(true);
		const state = openedState(run);
		this.core.set({...this.core.get(), activity: state});
		void run.lane.run('refresh', () => this.reads.newest(run), true);
	}

	close(): void {
		const run = this.run;
		if (!run) return;
		run.cancelTimer?.();
		this.liveLane.detach(run);
		this.run = null;
		const snapshot = this.core.get();
		if (snapshot.activity) this.core.set({...snapshot, activity: null});
		this.resources.hold(false);
	}

	setFollow(on: boolean): void {
		const run = this.run;
		if (!run || run.following === on) return;
		run.following = on;
		this.commit(run, {});
		if (!on) return;
		// back at the end: what the window dropped at the newer side is reloaded as the newest page
		if (run.hasNewer || !run.loaded) void run.lane.run('refresh', () => this.reads.newest(run), true);
		else if (!run.live) void run.lane.run('refresh', async () => void (await this.reads.follow(run)), true);
	}

	setViewport(first: number, last: number): void {
		const run = this.run;
		if (!run) return;
		run.viewport = {first: Math.max(0, first), last: Math.max(first, last)};
		if (run.hasNewer && run.loaded && last >= run.events.length - NEAR_EDGE && !run.lane.has('all')) {
			void run.lane.run('all', () => this.reads.newer(run), true);
		}
	}

	/**
	 * Ctrl-r while open: what the next tick would do, now (a follow; the newest page or the header where
	 * the window is away from the end); after a stop (issue 27 item 13) the reading goes on, and the
	 * agent server is asked again where the app server's store is behind it (issue 27 item 7).
	 */
	refresh(): void {
		const run = this.run;
		if (!run) return;
		if (run.stopped) {
			readAgain(run);
			this.commit(run, {});
		}
		run.agentReadKey = null;
		if (run.lane.has('refresh')) return;
		run.cancelTimer?.();
		run.cancelTimer = null;
		const job =
			!run.loaded || (run.hasNewer && run.following)
				? () => this.reads.newest(run)
				: run.hasNewer
					? () => this.refreshHeader(run)
					: async () => void (await this.reads.follow(run));
		void run.lane.run('refresh', job, true);
	}

	/** The whole of an event kept short, for its pager (issue 27 item 2); null: the pager closed, it goes. */
	readWhole(eventId: string | null): void {
		const run = this.run;
		if (!run || run.whole?.id === eventId || (eventId === null && run.whole === null)) return;
		run.whole = eventId === null ? null : {id: eventId, event: null, error: null};
		this.commit(run, {});
		if (eventId !== null) void this.reads.whole(run, eventId);
	}

	loadOlder(): void {
		const run = this.run;
		if (!run || !run.loaded || !run.hasOlder || run.lane.has('more')) return;
		if (this.core.now() < run.olderBlockedUntil) return;
		this.commit(run, {loadingOlder: true});
		void run.lane.run('more', () => this.reads.older(run), true);
	}

	dispose(): void {
		this.run?.cancelTimer?.();
		if (this.run) this.liveLane.detach(this.run);
		this.run = null;
	}

	private live(run: Run): boolean {
		return this.run === run && !this.core.disposed;
	}

	/** After every job of the lane: the next follow tick (or retry of the first load, or the silent check). */
	private schedule(run: Run): void {
		run.cancelTimer?.();
		run.cancelTimer = null;
		// the server's pages went round: nothing on its own until the user asks again (issue 27 item 13)
		if (!this.live(run) || run.lane.has('refresh') || run.stopped) return;
		const tick = nextTick(run, this.core.now(), this.core.config.refreshMs, this.liveLane.silentCheckAt(run));
		if (!tick) return;
		const jobs = {
			newest: () => this.reads.newest(run),
			follow: async () => void (await this.reads.follow(run)),
			// the window no longer reaches the newest events and the user reads back: the header only
			header: () => this.refreshHeader(run),
			silent: async () => this.liveLane.missed(run, await this.reads.follow(run)),
		};
		const job = jobs[tick.job];
		const {due} = tick;
		const now = this.core.now();
		run.cancelTimer = this.core.after(Math.max(0, due - now), () => {
			run.cancelTimer = null;
			// the socket spoke since the check was planned: it counts from the last frame (issue 27 item 5)
			if (tick.job === 'silent' && (this.liveLane.silentCheckAt(run) ?? Infinity) > this.core.now()) return this.schedule(run);
			void run.lane.run('refresh', job, true);
		});
	}

	/** Follow off and the newest events out of the window: the conversation, for the header's status. */
	private async refreshHeader(run: Run): Promise<void> {
		await this.refetchConversation(run);
		if (this.live(run)) recordSuccess(run, this.core.now());
	}

	private async refetchConversation(run: Run): Promise<void> {
		try {
			const sentAt = this.core.now();
			const [conversation] = await this.core.send(PRIORITY.poll, o => this.client.getConversations([run.id], o));
			if (!this.live(run) || !conversation) return;
			this.putConversation(conversation, sentAt);
		} catch {
			// the events are what the view is about; the header keeps what it had
		}
	}

	/** The switched policy shows at once, in the view and (an agent server's) in the list. */
	policyChanged(conversationId: string, policy: ConfirmationPolicy): void {
		const run = this.run;
		const listed = this.conversation(conversationId);
		const updated = withPolicy(listed, policy);
		if (updated && updated !== listed) this.resources.upsert('conversations', updated, false, this.core.now());
		if (run?.id !== conversationId) return;
		run.conversation = withPolicy(run.conversation, policy);
		run.agent = {...run.agent, policy};
		this.commit(run, {});
	}

	/** Publishes the run (plus `fields`); nothing changed → no new snapshot, nobody notified. */
	private commit(run: Run, fields: Partial<ActivityState>, touch = false): void {
		const current = this.core.get().activity;
		if (!current || !this.live(run)) return;
		const next: ActivityState = {
			...current,
			events: run.events,
			hasOlder: run.hasOlder,
			hasNewer: run.hasNewer,
			following: run.following,
			conversation: run.conversation,
			unreadable: run.unreadable,
			transport: run.transport,
			duplicates: run.duplicates.count,
			agent: run.agent,
			stopped: run.stopped,
			wholeEvent: run.whole,
			...fields,
		};
		const keys = Object.keys(next) as (keyof ActivityState)[];
		if (keys.every(key => Object.is(current[key], next[key]))) return;
		if (touch) next.fetchedAt = this.core.now();
		this.core.set({...this.core.get(), activity: next});
	}
}
