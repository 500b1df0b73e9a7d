import type {Status} from '../agent/agent.js';
import {Director} from '../agent/director.js';
import {workPlan} from '../agent/plans.js';
import {seedHistory} from '../events/history.js';
import {newHexId} from '../ids.js';
import {LLM_MODELS, scaleTitle} from '../seedData.js';
import type {Micros} from '../time.js';
import {type AgentConversation, CONFIRM_RISKY, type ConfirmationPolicy, NEVER_CONFIRM} from './conversation.js';
import {seedChanges} from './gitSeed.js';
import type {AgentServerState, Entry} from './state.js';

const HOUR = 3_600_000_000;
const HOME = '/home/dev/src';
/** a folder that is no git repository: its conversation's changes are `[]` */
export const SCRATCH_DIR = '/home/dev/scratch';

type DemoConversation = {
	title: string;
	dir: string;
	model: number;
	status: Status;
	ageH: number;
	idleH: number;
	policy?: ConfirmationPolicy;
	tags?: Record<string, string>;
};

/**
 * One developer's agent server on a laptop: the demo's topics (../events/topics.ts), each in its
 * own checkout. Three run (the director gives the first a risky action its policy asks about and
 * lets the others finish within a minute or so), one already waits for confirmation, one is idle
 * after the user rejected an action, others are done, paused, failed or stuck.
 */
const DEMO: DemoConversation[] = [
	{title: 'Add dark mode toggle to the settings page', dir: `${HOME}/web-dashboard`, model: 0, status: 'running', ageH: 0.9, idleH: 0.01, policy: CONFIRM_RISKY},
	{title: 'Investigate memory leak in websocket handler', dir: `${HOME}/gateway`, model: 1, status: 'running', ageH: 2.2, idleH: 0.02},
	{title: 'Write migration for users.email_verified column', dir: `${HOME}/api-server`, model: 0, status: 'running', ageH: 0.4, idleH: 0.01},
	{title: 'Plan: split the billing service out of the monolith', dir: `${HOME}/billing`, model: 2, status: 'waiting_for_confirmation', ageH: 3.5, idleH: 0.2, policy: CONFIRM_RISKY},
	{title: 'Fix flaky date parsing test in utils', dir: `${HOME}/hello-world`, model: 0, status: 'finished', ageH: 1.6, idleH: 1.1, tags: {ticket: 'eng4211'}},
	// a short first run: outdated packages, the pydantic v1 idiom fixed, then a system-wide reinstall
	// the user rejected; the agent waits for the next message (../events/history.ts `lastWork`). Its
	// ten minutes or so of work fill the lifetime, so the rejection is its last update
	{title: 'Bump dependencies and fix deprecation warnings', dir: `${HOME}/data-tools`, model: 0, status: 'idle', ageH: 0.21, idleH: 0.04},
	{title: 'Übersetzung der Fehlermeldungen ins Deutsche', dir: `${HOME}/web-dashboard`, model: 3, status: 'error', ageH: 20, idleH: 19},
	// asks before every action once it runs again
	{title: 'Refactor payment retry logic', dir: `${HOME}/billing`, model: 1, status: 'paused', ageH: 26, idleH: 25, policy: {kind: 'AlwaysConfirm'}},
	{title: 'Document the plugin API', dir: SCRATCH_DIR, model: 1, status: 'finished', ageH: 48, idleH: 47},
	{title: 'Triage failing nightly build', dir: `${HOME}/data-tools`, model: 2, status: 'stuck', ageH: 70, idleH: 69},
];

export function newRecord(id: string, title: string | null, model: string, status: Status, createdUs: Micros, updatedUs: Micros, dir: string): AgentConversation {
	return {
		id,
		sandboxId: '',
		repository: null,
		branch: null,
		gitProvider: null,
		title,
		trigger: null,
		prNumber: [],
		llmModel: model,
		metrics: null,
		parentId: null,
		createdUs,
		updatedUs,
		executionStatus: status,
		workingDir: dir,
		policy: NEVER_CONFIRM,
		securityAnalyzer: null,
		maxIterations: 500,
		stuckDetection: true,
		autotitle: true,
		usageId: 'agent',
		usage: new Map(),
		lastUserMessageId: null,
		leafEventId: null,
		tags: {},
	};
}

/**
 * The history as it happened: written under the server's default policy (the risky action of a
 * waiting conversation is what stopped it), then the conversation's own policy set for what comes.
 */
function writeHistory(state: AgentServerState, entry: Entry, policy: ConfirmationPolicy, events?: number): void {
	// the story's risky action waits: written as it happened under a confirm-risky policy
	entry.c.policy = CONFIRM_RISKY;
	seedHistory(entry.agent, {events});
	entry.agent.held = null;
	entry.c.policy = policy;
	if (entry.c.executionStatus !== 'idle') seedChanges(state.workspaces, entry.c.workingDir, entry.agent.topic);
}

const LLM_ANALYZER = {kind: 'LLMSecurityAnalyzer'};

export type SeedOption = 'demo' | 'empty' | {conversations?: number; events?: number};

export function seedAgentServer(state: AgentServerState, seed: SeedOption, options: {live: boolean; stepMs: number}): void {
	const nowUs = state.nowUs();
	state.workspaces.addPlain(SCRATCH_DIR);
	if (seed === 'demo') {
		for (const d of DEMO) {
			const c = newRecord(newHexId(), d.title, LLM_MODELS[d.model]!, d.status, nowUs - d.ageH * HOUR, nowUs - d.idleH * HOUR, d.dir);
			if (d.tags) c.tags = d.tags;
			// risks are rated only with an analyzer; ConfirmRisky without one would ask about every action
			if (d.policy?.kind === 'ConfirmRisky') c.securityAnalyzer = LLM_ANALYZER;
			writeHistory(state, state.add(c), d.policy ?? NEVER_CONFIRM);
		}
		if (options.live) startStory(state, options.stepMs);
	} else if (typeof seed === 'object') {
		seedScale(state, nowUs, seed.conversations ?? 0, seed.events, options.live);
	}
}

/** The demo's director (../agent/director.ts): endings for the running agents, then a new task every couple of minutes. */
function startStory(state: AgentServerState, stepMs: number): void {
	const agents = [...state.entries.values()].map(e => e.agent);
	const director = new Director(state.engine, stepMs, () => true);
	state.engine.wakeables.push(director);
	director.begin(
		agents.filter(a => a.status === 'running'),
		agents.filter(a => a.status === 'idle' || a.status === 'finished'),
	);
}

const SCALE_STATUSES: Status[] = ['finished', 'running', 'finished', 'idle', 'waiting_for_confirmation', 'finished', 'paused', 'error', 'finished', 'stuck'];
const SCALE_DIRS = ['web-dashboard', 'api-server', 'gateway', 'billing', 'data-tools', 'hello-world'];

/** `count` conversations, histories written when first read; `events`: the newest gets exactly that many. */
function seedScale(state: AgentServerState, nowUs: Micros, count: number, events: number | undefined, live: boolean): void {
	let at = nowUs - 60_000_000;
	for (let i = 0; i < count; i++) {
		const status = SCALE_STATUSES[i % SCALE_STATUSES.length]!;
		const createdUs = at - HOUR;
		const c = newRecord(newHexId(), scaleTitle(i), LLM_MODELS[i % LLM_MODELS.length]!, status, createdUs, at, `${HOME}/${SCALE_DIRS[i % SCALE_DIRS.length]}`);
		const entry = state.add(c);
		const policy = status === 'waiting_for_confirmation' ? CONFIRM_RISKY : NEVER_CONFIRM;
		if (policy === CONFIRM_RISKY) c.securityAnalyzer = LLM_ANALYZER;
		state.writeLater(c.id, () => {
			writeHistory(state, entry, policy, i === 0 ? events : undefined);
			// at scale, running agents just carry on once someone looks
			if (live && entry.agent.status === 'running') state.engine.schedule(entry.agent, workPlan(entry.agent, entry.agent.plot.int(3, 8), 'finish'));
		});
		at -= 60_000_000 + ((i * 7919) % 1200) * 1_000_000;
	}
}
