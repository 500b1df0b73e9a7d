import type {CallOptions, OpenHandsClient} from '../../api/client.js';
import {isApiError} from '../../api/errors.js';
import type {NewConversation, Page, Sandbox, StartTask} from '../../api/schemas/index.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {errorMessage, isAbort} from '../oneLine.js';
import type {Resources} from '../lists/resources.js';
import {shareValue} from '../share.js';
import type {ActionKind, PendingAction} from '../types.js';
import {startTaskStepMs} from './watchSources.js';
import type {WatchHub} from './watches.js';

/**
 * A call that timed out after it was sent, whose connection closed before any answer (issue 21
 * item 6), or that a gateway gave up on, may still have happened: its outcome is unknown until a
 * watch finds out. A connect time-out never reached the server (source/api/transport/toApiError.ts words it
 * "cannot connect"), nor did a refused connection.
 */
export function outcomeUnknown(error: unknown): boolean {
	if (!isApiError(error)) return false;
	if (error.unanswered) return true;
	if (error.kind === 'timeout') return !error.message.startsWith('cannot connect');
	return error.status === 504;
}

/** Pause, resume, start, create: the call, then a watch until the target state (or the server's deadline). */
export class Actions {
	private seq = 0;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
		private readonly watches: WatchHub,
	) {}

	pause(id: string): void {
		this.sandboxAction('pause', id, 'PAUSED');
	}

	resume(id: string): void {
		this.sandboxAction('resume', id, 'RUNNING');
	}

	startSandbox(specId?: string | null): void {
		const key = `start:${++this.seq}`;
		const entry = this.pending(key, 'start', null, 'RUNNING');
		const known = new Set(this.core.get().sandboxes.data?.map(s => s.id) ?? []);
		this.call(o => this.client.startSandbox(specId ?? null, o)).then(
			({value, sentAt}) => this.sandboxStarted(key, entry, value, sentAt),
			error => {
				if (!outcomeUnknown(error)) return this.failed(key, error, 'starting a sandbox failed');
				this.checking(key, entry, 'starting a sandbox');
				this.findNew<Sandbox>(key, 'newestSandboxes', s => !known.has(s.id), (sandbox, sentAt) => this.sandboxStarted(key, entry, sandbox, sentAt), 'no new sandbox appeared');
			},
		);
	}

	createConversation(request: NewConversation): void {
		const key = `create:${++this.seq}`;
		const entry = this.pending(key, 'create', null, 'READY');
		const known = new Set(this.core.get().startTasks.map(t => t.id));
		this.call(o => this.client.createConversation(request, o)).then(
			({value, sentAt}) => {
				if (value.kind === 'start-task') return this.taskCreated(key, entry, value.task);
				// an agent server starts it at once (no start task to follow): the row is there now
				const conversation = value.conversation;
				this.resources.upsert('conversations', conversation, true, sentAt);
				this.finish(key, 'info', `conversation ${conversation.title?.trim() || conversation.id} started`);
			},
			error => {
				if (!outcomeUnknown(error)) return this.failed(key, error, 'creating a conversation failed');
				if (this.core.get().server?.capabilities.startTasks === false) {
					// no start task to look for: the list shows it when the server made it
					void this.resources.refresh('conversations', 'force');
					return this.finish(key, 'error', `creating a conversation: no answer within ${this.seconds(this.core.config.actionDeadlineMs)} s; outcome unknown, check the list`);
				}
				this.checking(key, entry, 'creating a conversation');
				const text = request.initialMessage.trim();
				const mine = (t: StartTask) =>
					!known.has(t.id) && (t.request.initial_message?.content.find(c => c.text)?.text ?? '').trim() === text;
				this.findNew<StartTask>(key, 'newestStartTasks', mine, task => this.taskCreated(key, entry, task), 'no new start task appeared');
			},
		);
	}

	private sandboxAction(kind: 'pause' | 'resume', id: string, target: 'PAUSED' | 'RUNNING'): void {
		const snapshot = this.core.get();
		const busy = snapshot.pending.find(p => (p.kind === 'pause' || p.kind === 'resume') && p.targetId === id);
		if (busy?.phase === 'calling' || busy?.kind === kind) {
			this.core.notice('info', `a ${busy.kind} of sandbox ${id} is already in progress`);
			return;
		}
		if (busy) {
			// The server has answered the other action (or it timed out) and we are only watching for
			// its state: the user changed their mind. Stop that watch (it sees its entry gone) and send
			// this one; the listed status is in flux, so it is no reason to refuse.
			this.core.setPending(busy.key, null);
		} else {
			const status = snapshot.sandboxes.data?.find(s => s.id === id)?.status;
			if (kind === 'pause' && status === 'PAUSED') {
				this.core.notice('info', `sandbox ${id} is already paused`);
				return;
			}
			if (kind === 'resume' && status === 'RUNNING') {
				this.core.notice('info', `sandbox ${id} is already running`);
				return;
			}
		}
		const key = `${kind}:${id}`;
		const entry = this.pending(key, kind, id, target);
		const call = kind === 'pause' ? this.client.pauseSandbox : this.client.resumeSandbox;
		this.call(o => call.call(this.client, id, o)).then(
			() => {
				this.core.setPending(key, {...entry, phase: 'watching'});
				void this.resources.refresh('sandboxes', 'force');
				this.watchSandbox(key, id, target);
			},
			error => {
				if (!outcomeUnknown(error)) return this.failed(key, error, `${kind} of sandbox ${id} failed`);
				this.checking(key, entry, `${kind} of sandbox ${id}`);
				this.watchSandbox(key, id, target);
			},
		);
	}

	private sandboxStarted(key: string, entry: PendingAction, sandbox: Sandbox, sentAt: number): void {
		this.resources.upsert('sandboxes', sandbox, true, sentAt);
		this.core.setPending(key, {...entry, targetId: sandbox.id, phase: 'watching'});
		this.core.notice('info', `starting sandbox ${sandbox.id}`);
		this.watchSandbox(key, sandbox.id, 'RUNNING');
	}

	/**
	 * Pause ends at PAUSED; resume and start end at RUNNING, passing through STARTING or ERROR while
	 * the agent server boots (docker reports ERROR until its health check passes, section 4.1).
	 */
	private watchSandbox(key: string, id: string, target: 'PAUSED' | 'RUNNING'): void {
		const alive = this.aliveCheck(key);
		const startedAt = this.core.now();
		let last: {status: string; at: number} | null = null;
		this.watches.watch<Sandbox>('sandbox', id, {
			deadline: () => startedAt + this.core.config.watchTimeoutMs,
			alive,
			onResult: (sandbox, sentAt) => {
				if (!sandbox) return this.finish(key, 'error', `sandbox ${id} no longer exists`);
				last = {status: sandbox.status, at: sentAt};
				this.resources.upsert('sandboxes', sandbox, false, sentAt);
				if (sandbox.status !== target) return false;
				return this.finish(key, 'info', `sandbox ${id} is ${target === 'PAUSED' ? 'paused' : 'running'}`);
			},
			onGiveUp: () => {
				const kind = this.kindOf(key);
				this.finish(key, 'error', `gave up waiting for sandbox ${id} to be ${target} after ${this.seconds(this.core.config.watchTimeoutMs)} s`);
				this.core.setLost(id, {kind, targetState: target, lastStatus: last?.status ?? null, lastSeenAt: last?.at ?? null, at: this.core.now()});
			},
		});
	}

	private taskCreated(key: string, entry: PendingAction, task: StartTask): void {
		this.putTask(task);
		this.core.setPending(key, {...entry, targetId: task.id, phase: 'watching'});
		this.watchStartTask(key, task);
	}

	/**
	 * Until READY or ERROR. Each status may last as long as the server's own deadline for that step
	 * (./watchSources.ts): a conversation start may take the sandbox start wait plus 120 s and more,
	 * so a flat 120 s gave up while the server was still working (issue 9 item 8).
	 */
	private watchStartTask(key: string, task: StartTask): void {
		const alive = this.aliveCheck(key);
		let step = {status: task.status, since: this.core.now()};
		let lastSeenAt = this.core.now();
		this.watches.watch<StartTask>('startTask', task.id, {
			deadline: () => step.since + startTaskStepMs(step.status, this.core.config.watchTimeoutMs),
			alive,
			onResult: (latest, sentAt) => {
				if (!latest) return this.finish(key, 'error', `start task ${task.id} is no longer known to the server`);
				lastSeenAt = sentAt;
				if (latest.status !== step.status) step = {status: latest.status, since: sentAt};
				this.putTask(latest);
				if (latest.status === 'ERROR') {
					const detail = latest.detail?.trim() ? latest.detail : 'no detail given';
					return this.finish(key, 'error', `conversation failed to start: ${detail}`);
				}
				if (latest.status !== 'READY') return false;
				void this.resources.refresh('conversations', 'force');
				return this.finish(key, 'info', `conversation ${latest.app_conversation_id ?? ''} is ready`);
			},
			onGiveUp: () => {
				const waited = this.seconds(this.core.now() - step.since);
				this.finish(key, 'error', `stopped watching start task ${task.id}: still ${step.status} after ${waited} s`);
				this.core.setLost(task.id, {kind: 'create', targetState: 'READY', lastStatus: step.status, lastSeenAt, at: this.core.now()});
			},
		});
	}

	/** After a call with an unknown outcome: look for what it would have created among the newest items. */
	private findNew<T extends {id: string}>(
		key: string,
		source: 'newestSandboxes' | 'newestStartTasks',
		matches: (item: T) => boolean,
		found: (item: T, sentAt: number) => void,
		otherwise: string,
	): void {
		const startedAt = this.core.now();
		this.watches.watch<Page<T>>(source, key, {
			deadline: () => startedAt + this.core.config.watchTimeoutMs,
			alive: this.aliveCheck(key),
			onResult: (page, sentAt) => {
				// an item another call of this session already claimed is not ours
				const claimed = new Set(this.core.get().pending.map(p => p.targetId));
				const item = page?.items.find(i => !claimed.has(i.id) && matches(i));
				if (!item) return false;
				found(item, sentAt);
				return true;
			},
			onGiveUp: () => this.finish(key, 'error', `${this.describe(key)}: the call timed out and ${otherwise} within ${this.seconds(this.core.config.watchTimeoutMs)} s`),
		});
	}

	/**
	 * The action call, with a longer deadline than reads (`actionDeadlineMs`, 60 s): the process
	 * runtime blocks `POST /api/v1/sandboxes` for up to about 31 s (shared/openhands-api.md 4.2), and
	 * giving up at 15 s reported a start failed that then happened (issue 9 item 6). Resolves with the
	 * store time it was sent.
	 */
	private async call<T>(send: (options: CallOptions) => Promise<T>): Promise<{value: T; sentAt: number}> {
		let sentAt = this.core.now();
		const value = await this.core.send(PRIORITY.action, options => {
			sentAt = this.core.now();
			return send({...options, deadlineMs: this.core.config.actionDeadlineMs});
		});
		return {value, sentAt};
	}

	private pending(key: string, kind: ActionKind, targetId: string | null, targetState: string): PendingAction {
		const entry: PendingAction = {key, kind, targetId, phase: 'calling', targetState, startedAt: this.core.now()};
		this.core.setPending(key, entry);
		if (targetId) this.core.setLost(targetId, null);
		return entry;
	}

	private checking(key: string, entry: PendingAction, what: string): void {
		if (this.core.disposed) return;
		this.core.setPending(key, {...entry, phase: 'checking'});
		this.core.notice('info', `${what}: no answer within ${this.seconds(this.core.config.actionDeadlineMs)} s; outcome unknown, checking…`);
	}

	/** Ends the action: its pending entry goes, and the footer says how it ended. Returns true (the watch is over). */
	private finish(key: string, level: 'info' | 'error', text: string): true {
		this.core.setPending(key, null);
		this.core.notice(level, text);
		return true;
	}

	private failed(key: string, error: unknown, what: string): void {
		if (this.core.disposed || isAbort(error)) return;
		this.finish(key, 'error', `${what}: ${errorMessage(error)}`);
	}

	/** A watch is wanted while the pending entry it was started for is still the one under its key. */
	private aliveCheck(key: string): () => boolean {
		const mine = this.core.get().pending.find(p => p.key === key);
		return () => mine !== undefined && this.core.get().pending.find(p => p.key === key) === mine;
	}

	private kindOf(key: string): ActionKind {
		return this.core.get().pending.find(p => p.key === key)?.kind ?? 'start';
	}

	private describe(key: string): string {
		return key.startsWith('create:') ? 'creating a conversation' : 'starting a sandbox';
	}

	/** newest first; a task already shown is replaced in place (kept as is when unchanged) */
	private putTask(task: StartTask): void {
		const snapshot = this.core.get();
		const at = snapshot.startTasks.findIndex(t => t.id === task.id);
		if (at === -1) {
			this.core.set({...snapshot, startTasks: [task, ...snapshot.startTasks]});
			return;
		}
		const old = snapshot.startTasks[at];
		const kept = shareValue(old, task);
		if (kept === old) return;
		const startTasks = snapshot.startTasks.slice();
		startTasks[at] = kept;
		this.core.set({...snapshot, startTasks});
	}

	private seconds(ms: number): number {
		return Math.round(ms / 1000);
	}
}
