import type {Agent} from './agent.js';
import {sendMessage} from './commands.js';
import type {Engine, Wakeable} from './engine.js';
import {followUp, workPlan} from './plans.js';

/**
 * The demo's story (issue 11): within a minute of start one running conversation comes to wait for
 * confirmation and another finishes; then, every couple of minutes, someone (from the web app or
 * Slack, as it were) gives an idle or finished conversation a new task, which runs for a minute or
 * two (so there is nearly always one to watch) and ends one way or the other. Times are in `stepMs`
 * units (1.2 s by default).
 */
export class Director implements Wakeable {
	dueAt: number | null;
	private turn = 0;
	private readonly kicked = new Map<string, number>();

	constructor(
		private readonly engine: Engine,
		private readonly stepMs: number,
		private readonly sandboxRunning: (agent: Agent) => boolean,
	) {
		// shortly after the second one finished (~45 s)
		this.dueAt = engine.now() + 42 * stepMs;
	}

	/**
	 * At start: the running conversations get their endings, a confirmation first, then a finish.
	 * Only top-level conversations tell the story (sub-conversations are not in the web app's or
	 * ohtui's list): when fewer than two of those run, an idle or finished one (`spare`) is given a
	 * short task at once, so a new user sees one wait and one finish within a minute.
	 */
	begin(running: Agent[], spare: Agent[] = []): void {
		const shown = running.filter(a => a.conversation.parentId === null);
		const hidden = running.filter(a => a.conversation.parentId !== null);
		shown.forEach((agent, i) => {
			agent.queue = [];
			// 3 moves ≈ 20 s then a risky action; 7 moves ≈ 30-50 s then the final answer
			const plan = i === 0 ? workPlan(agent, 3, 'confirm') : workPlan(agent, i === 1 ? 7 : agent.plot.int(4, 9), 'finish');
			this.engine.schedule(agent, plan);
		});
		for (const agent of hidden) {
			agent.queue = [];
			this.engine.schedule(agent, workPlan(agent, agent.plot.int(4, 9), 'finish'));
		}
		const extra = spare.filter(a => a.conversation.parentId === null && !a.deleted).slice(0, Math.max(0, 2 - shown.length));
		extra.forEach((agent, i) => {
			const ending = shown.length + i === 0 ? 'confirm' : 'finish';
			this.kicked.set(agent.conversation.id, this.engine.now());
			const said = agent.log.events.filter(e => e.body.kind === 'MessageEvent' && e.source === 'user').length;
			sendMessage(this.engine, agent, [{type: 'text', text: followUp(agent, said)}], true, {moves: ending === 'confirm' ? 3 : 6, ending});
		});
	}

	wake(now: number): void {
		this.dueAt = now + (80 + ((this.turn * 37) % 40)) * this.stepMs;
		const candidates = [...this.engine.agents.values()].filter(
			a => !a.deleted && (a.status === 'finished' || a.status === 'idle') && this.sandboxRunning(a),
		);
		if (candidates.length === 0) return;
		// the one left alone longest
		candidates.sort((a, b) => (this.kicked.get(a.conversation.id) ?? 0) - (this.kicked.get(b.conversation.id) ?? 0));
		const agent = candidates[0]!;
		this.kicked.set(agent.conversation.id, now);
		const ending = this.turn++ % 2 === 0 ? 'confirm' : 'finish';
		const said = agent.log.events.filter(e => e.body.kind === 'MessageEvent' && e.source === 'user').length;
		// 10-18 moves: one to two minutes of work
		sendMessage(this.engine, agent, [{type: 'text', text: followUp(agent, said)}], true, {moves: agent.plot.int(10, 18), ending});
	}
}
