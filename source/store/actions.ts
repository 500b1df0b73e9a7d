import type {OpenHandsClient} from '../api/client.js';
import type {NewConversation, Sandbox, StartTask} from '../api/schemas/index.js';
import {backoffMs} from './backoff.js';
import {PRIORITY} from './budget.js';
import type {Core} from './core.js';
import {errorMessage, isAbort} from './oneLine.js';
import type {Resources} from './resources.js';
import {shareValue} from './share.js';
import type {ActionKind, PendingAction} from './types.js';

const SANDBOX_WATCH_MS = 1000;
/** Start tasks move in steps of about a second on the real server (section 5.1); the web UI polls every 3 s. */
const START_TASK_WATCH_MS = 1500;

type Watch<T> = {
	key: string;
	everyMs: number;
	check: () => Promise<T>;
	/** true when the watch is over */
	onResult: (result: T) => boolean;
	onTimeout: () => void;
};

/** Pause, resume, start, create: the call, then a watch until the target state (or a time-out). */
export class Actions {
	private seq = 0;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
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
		this.core
			.send(PRIORITY.action, o => this.client.startSandbox(specId ?? null, o))
			.then(
				sandbox => {
					this.resources.upsert('sandboxes', sandbox, true);
					this.core.setPending(key, {...entry, targetId: sandbox.id, phase: 'watching'});
					this.core.notice('info', `starting sandbox ${sandbox.id}`);
					this.watchSandbox(key, sandbox.id, 'RUNNING');
				},
				error => this.failed(key, error, 'starting a sandbox failed'),
			);
	}

	createConversation(request: NewConversation): void {
		const key = `create:${++this.seq}`;
		const entry = this.pending(key, 'create', null, 'READY');
		this.core
			.send(PRIORITY.action, o => this.client.createConversation(request, o))
			.then(
				task => {
					this.putTask(task);
					this.core.setPending(key, {...entry, targetId: task.id, phase: 'watching'});
					this.watch<StartTask | null>({
						key,
						everyMs: START_TASK_WATCH_MS,
						check: () => this.core.send(PRIORITY.watch, o => this.client.getStartTasks([task.id], o)).then(r => r[0] ?? null),
						onResult: latest => {
							if (!latest) {
								this.core.notice('error', `start task ${task.id} is no longer known to the server`);
								return true;
							}
							this.putTask(latest);
							if (latest.status === 'ERROR') {
								this.core.notice('error', `conversation failed to start: ${latest.detail ?? 'no detail given'}`);
								return true;
							}
							if (latest.status !== 'READY') return false;
							this.core.notice('info', `conversation ${latest.app_conversation_id ?? ''} is ready`);
							void this.resources.refresh('conversations', 'force');
							return true;
						},
						onTimeout: () => this.core.notice('error', `gave up waiting for conversation start task ${task.id} after ${this.seconds()} s`),
					});
				},
				error => this.failed(key, error, 'creating a conversation failed'),
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
			// The server has answered the other action and we are only watching for its state: the
			// user changed their mind. Stop that watch (its loop sees its entry gone) and send this one;
			// the listed status is in flux, so it is no reason to refuse.
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
		this.core
			.send(PRIORITY.action, o => call.call(this.client, id, o))
			.then(
				() => {
					this.core.setPending(key, {...entry, phase: 'watching'});
					void this.resources.refresh('sandboxes', 'force');
					this.watchSandbox(key, id, target);
				},
				error => this.failed(key, error, `${kind} of sandbox ${id} failed`),
			);
	}

	/**
	 * Pause ends at PAUSED; resume and start end at RUNNING, passing through STARTING or ERROR while
	 * the agent server boots (docker reports ERROR until its health check passes, section 4.1).
	 */
	private watchSandbox(key: string, id: string, target: 'PAUSED' | 'RUNNING'): void {
		this.watch<Sandbox | null>({
			key,
			everyMs: SANDBOX_WATCH_MS,
			check: () => this.core.send(PRIORITY.watch, o => this.client.getSandboxes([id], o)).then(r => r[0] ?? null),
			onResult: sandbox => {
				if (!sandbox) {
					this.core.notice('error', `sandbox ${id} no longer exists`);
					return true;
				}
				this.resources.upsert('sandboxes', sandbox, false);
				if (sandbox.status !== target) return false;
				this.core.notice('info', `sandbox ${id} is ${target === 'PAUSED' ? 'paused' : 'running'}`);
				return true;
			},
			onTimeout: () => this.core.notice('error', `gave up waiting for sandbox ${id} to be ${target} after ${this.seconds()} s`),
		});
	}

	private watch<T>(spec: Watch<T>): void {
		const startedAt = this.core.now();
		const mine = this.core.get().pending.find(p => p.key === spec.key);
		const superseded = () => this.core.get().pending.find(p => p.key === spec.key) !== mine;
		let failures = 0;
		const tick = async (): Promise<void> => {
			if (superseded()) return;
			if (this.core.now() - startedAt >= this.core.config.watchTimeoutMs) {
				this.core.setPending(spec.key, null);
				spec.onTimeout();
				return;
			}
			try {
				const result = await spec.check();
				if (superseded()) return;
				failures = 0;
				if (spec.onResult(result)) {
					this.core.setPending(spec.key, null);
					return;
				}
			} catch (error) {
				if (this.core.disposed || isAbort(error)) return;
				failures++;
			}
			const wait = failures > 0 ? Math.max(spec.everyMs, backoffMs(failures, this.core.config.random)) : spec.everyMs;
			this.core.after(wait, () => void tick());
		};
		this.core.after(spec.everyMs, () => void tick());
	}

	private pending(key: string, kind: ActionKind, targetId: string | null, targetState: string): PendingAction {
		const entry: PendingAction = {key, kind, targetId, phase: 'calling', targetState, startedAt: this.core.now()};
		this.core.setPending(key, entry);
		return entry;
	}

	private failed(key: string, error: unknown, what: string): void {
		if (this.core.disposed || isAbort(error)) return;
		this.core.setPending(key, null);
		this.core.notice('error', `${what}: ${errorMessage(error)}`);
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

	private seconds(): number {
		return Math.round(this.core.config.watchTimeoutMs / 1000);
	}
}

