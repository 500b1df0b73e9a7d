import type {EventRecord} from '../events/model.js';
import type {ConversationRecord} from '../state.js';
import type {Micros} from '../time.js';
import {Agent, type Beat, type Gap} from './agent.js';

export type EngineOptions = {
	now: () => number;
	/** the stand-in's pace unit (StandInOptions.stepMs): an agent step takes a few of these */
	stepMs: number;
	/** agents only work while their sandbox runs (a paused container is frozen) */
	sandboxRunning: (conversation: ConversationRecord) => boolean;
	onEvent: (agent: Agent, record: EventRecord) => void;
	/**
	 * Whether a real timer should wake the engine when the next beat is due (default: always). The
	 * agent-server stand-in keeps one only while a websocket listens: a socket must get each event
	 * as it happens, while a REST client is served by the catch-up before each request.
	 */
	timers?: () => boolean;
};

/** Something besides agents that wants to be woken at a clock time (the demo's director). */
export type Wakeable = {dueAt: number | null; wake: (now: number) => void};

/** no more than this many beats per advance, so a clock jump of days cannot stall a request */
const MAX_BEATS = 5000;
/** the real timer never sleeps longer, so a clock set by tests cannot park it for ever */
const MAX_SLEEP_MS = 60_000;

/**
 * Runs every agent's beats when they are due. Driven by the clock: `advance()` runs whatever is due
 * by `now()`; each request calls it first (so a test's manual clock decides what exists), and a
 * timer calls it when the next beat is due (so the demo moves on its own).
 */
export class Engine {
	readonly agents = new Map<string, Agent>();
	readonly wakeables: Wakeable[] = [];
	private timer: NodeJS.Timeout | null = null;
	private timerAt = Number.POSITIVE_INFINITY;
	private closed = false;
	private advancing = false;

	constructor(private readonly options: EngineOptions) {}

	now(): number {
		return this.options.now();
	}

	create(conversation: ConversationRecord, about?: string | null): Agent {
		const agent = new Agent(conversation, this.options.onEvent, about === undefined ? conversation.title : about);
		this.agents.set(conversation.id, agent);
		return agent;
	}

	remove(id: string): void {
		this.agents.delete(id);
	}

	/** Live pace: a model call takes 2-5 steps (2.4-6 s by default), a tool half to one and a half. */
	gapMs(agent: Agent, gap: Gap): number {
		const step = this.options.stepMs;
		switch (gap) {
			case 'llm':
				return agent.plot.int(2 * step, 5 * step);
			case 'tool':
				return agent.plot.int(Math.round(step / 2), Math.round((3 * step) / 2));
			case 'user':
				return agent.plot.int(10 * step, 30 * step);
			case 'instant':
				return 0;
		}
	}

	/** Appends beats to the agent's queue; they start after the head's gap from now when idle. */
	schedule(agent: Agent, beats: Beat[]): void {
		agent.queue.push(...beats);
		if (agent.dueAt === null && agent.queue.length > 0) {
			agent.stepFrom = this.now();
			agent.dueAt = this.now() + this.gapMs(agent, agent.queue[0]!.gap);
		}
		this.arm();
	}

	/** Starts (or restarts) the clock for what is queued, e.g. after a pause ends. */
	resume(agent: Agent): void {
		agent.stepFrom = this.now();
		agent.dueAt = agent.queue.length > 0 ? this.now() + this.gapMs(agent, agent.queue[0]!.gap) : null;
		this.arm();
	}

	advance(): void {
		if (this.closed || this.advancing) return;
		this.advancing = true;
		try {
			const now = this.now();
			for (const w of this.wakeables) if (w.dueAt !== null && w.dueAt <= now) w.wake(now);
			for (let i = 0; i < MAX_BEATS; i++) {
				const agent = this.nextDue(now);
				if (!agent) break;
				this.step(agent, now);
			}
		} finally {
			this.advancing = false;
		}
		this.arm();
	}

	private nextDue(now: number): Agent | undefined {
		let best: Agent | undefined;
		for (const agent of this.agents.values()) {
			if (agent.dueAt !== null && agent.dueAt <= now && (!best || agent.dueAt < best.dueAt!)) best = agent;
		}
		return best;
	}

	private step(agent: Agent, now: number): void {
		const due = agent.dueAt!;
		if (agent.deleted || agent.status !== 'running' || agent.queue.length === 0) {
			// halted: paused, waiting, finished; `resume` restarts it
			agent.dueAt = null;
			return;
		}
		if (!this.options.sandboxRunning(agent.conversation)) {
			// frozen with its container; look again a little later
			agent.dueAt = now + 5 * this.options.stepMs;
			return;
		}
		const beat = agent.queue.shift()!;
		const us = due * 1000 + agent.plot.int(0, 999);
		beat.run(us);
		if (agent.held) return this.hold(agent, us);
		if (agent.pauseRequested && agent.queue[0]?.gap !== 'instant') {
			// the pause waiting for this step takes the lock before the next one (what happens at the
			// same moment, the status the step ends in, is still the step's)
			agent.pauseRequested = false;
			agent.stepFrom = due;
			agent.dueAt = null;
			return;
		}
		const next = agent.queue[0];
		agent.stepFrom = due;
		agent.dueAt = next ? due + this.gapMs(agent, next.gap) : null;
	}

	/**
	 * The policy asks the user about the action just emitted: its tool beat (the next one) waits as a
	 * pending action, the rest of the plan stays queued for after the answer (commands.ts `start`).
	 */
	private hold(agent: Agent, us: Micros): void {
		const action = agent.held!;
		agent.held = null;
		const tool = agent.queue.shift();
		if (tool) agent.pending.push({action, run: tool.run});
		agent.dueAt = null;
		agent.setStatus(us + 1, 'waiting_for_confirmation');
	}

	/** One real timer for the earliest due time; cleared on close. */
	private arm(): void {
		if (this.closed) return;
		if (this.options.timers && !this.options.timers()) return this.disarm();
		let at = Number.POSITIVE_INFINITY;
		for (const agent of this.agents.values()) if (agent.dueAt !== null && agent.dueAt < at) at = agent.dueAt;
		for (const w of this.wakeables) if (w.dueAt !== null && w.dueAt < at) at = w.dueAt;
		if (at === Number.POSITIVE_INFINITY) return this.disarm();
		if (this.timer && this.timerAt <= at) return;
		this.disarm();
		this.timerAt = at;
		this.timer = setTimeout(
			() => {
				this.timer = null;
				this.timerAt = Number.POSITIVE_INFINITY;
				this.advance();
			},
			Math.min(MAX_SLEEP_MS, Math.max(0, at - this.now())),
		);
		this.timer.unref?.();
	}

	private disarm(): void {
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
		this.timerAt = Number.POSITIVE_INFINITY;
	}

	close(): void {
		this.closed = true;
		this.disarm();
	}
}
