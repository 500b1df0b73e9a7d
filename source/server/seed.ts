import {agentUrlOf} from './agent/agentUrl.js';
import {demoCurrentSettings} from './currentSettings.js';
import {newHexId, newSandboxId, newSessionKey, randomPort} from './ids.js';
import {agentServerUrl} from './sandboxOps.js';
import {demoSettings, LLM_MODELS, presetSpecs, REPOSITORIES, scaleTitle} from './seedData.js';
import type {ContainerState, ConversationRecord, Metrics, SandboxRecord, SpecRecord, State} from './state.js';

export type SeedOption = 'demo' | 'empty' | {sandboxes?: number; conversations?: number};

const MINUTE = 60_000_000; // in microseconds
const HOUR = 60 * MINUTE;
const minutes = (hours: number) => Math.floor(hours * 60) * MINUTE;
/** a random part of `span` (µs) added to a seeded time, so the demo's ages look lived-in */
type Jitter = (span: number) => number;
const randomJitter: Jitter = span => Math.floor(Math.random() * span);
const noJitter: Jitter = () => 0;

/**
 * `exactAges`: the demo's times without their random part, so its sandboxes and conversations are a
 * whole number of minutes old at the start (4m, 2h, 1d ago) and their age columns read the same for
 * the first minute (a scale seed keeps its random spacing: its newest rows are seconds old). With a random part, a sandbox seeded 4m 55s ago turned "5m ago" on whichever repaint
 * came next, and the refresh bench counting one row's bytes counted that row too.
 */
export function seedState(state: State, seed: SeedOption, withSettings: boolean, exactAges = false): void {
	const startUs = state.nowUs();
	const jitter = exactAges ? noJitter : randomJitter;
	state.specs.push(...presetSpecs(startUs));
	if (withSettings) state.settings = state.current ? demoCurrentSettings() : demoSettings();
	if (seed === 'demo') seedDemo(state, startUs, jitter);
	else if (typeof seed === 'object') seedScale(state, startUs, seed.sandboxes ?? 0, seed.conversations ?? 0);
}

function makeSandbox(state: State, spec: SpecRecord, createdUs: number, container: ContainerState, bootMs = 0): SandboxRecord {
	return {
		id: newSandboxId(),
		specId: spec.id,
		createdUs,
		container,
		bootUntil: bootMs > 0 ? state.now() + bootMs : 0,
		bootLeft: 0,
		sessionKey: newSessionKey(),
		ports: [randomPort(), randomPort(), randomPort(), randomPort()],
		workingDir: spec.workingDir,
	};
}

const metrics = (cost: number, prompt: number, completion: number): Metrics => ({
	cost,
	promptTokens: prompt,
	completionTokens: completion,
	cacheReadTokens: Math.floor(prompt * 0.62),
	cacheWriteTokens: Math.floor(prompt * 0.08),
	contextWindow: 200_000,
	perTurnToken: Math.floor(prompt / 40),
});

type DemoConversation = {
	title: string;
	sandbox: number; // index into the demo sandboxes; -1/-2 = deleted sandboxes
	repo: number | null; // index into REPOSITORIES
	branch?: string;
	trigger: string | null;
	llm: number | null;
	exec: string;
	pr?: number[];
	ageH: number;
	idleH: number;
	metrics?: Metrics;
	parent?: number; // index of the parent in this list
	acp?: string; // an ACP agent (`agent_kind: "acp"`, `tags.acpserver`), shown by current servers only
};

// Metrics: the real server leaves them at zero (5.5); a few seeded rows carry costs so views that
// show them have something to show. Conversations started at runtime always have zeros.
const DEMO: DemoConversation[] = [
	{title: 'Fix flaky date parsing test in utils', sandbox: 0, repo: 0, trigger: 'gui', llm: 0, exec: 'finished', ageH: 1.8, idleH: 1.2, metrics: metrics(0.4821, 182_340, 6_210)},
	{title: 'Add dark mode toggle to the settings page', sandbox: 0, repo: 1, branch: 'feature/dark-mode', trigger: 'gui', llm: 0, exec: 'running', ageH: 1.1, idleH: 0.02},
	{title: 'Plan: split the monolith into services', sandbox: 2, repo: 2, trigger: 'gui', llm: 2, exec: 'waiting_for_confirmation', ageH: 4.6, idleH: 0.3, metrics: metrics(2.9174, 903_112, 41_870)},
	{title: 'Extract the auth service', sandbox: 2, repo: 2, branch: 'split/auth', trigger: 'gui', llm: 2, exec: 'running', ageH: 4.2, idleH: 0.1, parent: 2},
	{title: 'Extract the notifications service', sandbox: 2, repo: 2, branch: 'split/notifications', trigger: 'gui', llm: 2, exec: 'idle', ageH: 4.1, idleH: 2.5, parent: 2},
	{title: 'Investigate memory leak in websocket handler', sandbox: 3, repo: 3, trigger: 'slack', llm: 1, exec: 'stuck', ageH: 23, idleH: 9},
	{title: 'Übersetzung der Fehlermeldungen ins Deutsche', sandbox: 3, repo: 1, branch: 'i18n/de', trigger: 'gui', llm: 3, exec: 'error', ageH: 21, idleH: 20},
	{title: 'Bump dependencies and fix deprecation warnings', sandbox: 1, repo: 5, trigger: 'openhands_api', llm: 0, exec: 'idle', ageH: 0.05, idleH: 0.04},
	{title: 'Write migration for users.email_verified column', sandbox: 4, repo: 2, trigger: 'gui', llm: 0, exec: 'finished', pr: [412], ageH: 47, idleH: 40, metrics: metrics(1.2043, 412_998, 18_402)},
	{title: 'Refactor payment retry logic', sandbox: 5, repo: 4, trigger: 'gui', llm: 4, exec: 'finished', pr: [88, 91], ageH: 70, idleH: 66},
	{title: 'Resolve issue #1287: CSV export drops unicode', sandbox: -1, repo: 5, branch: 'openhands-fix-issue-1287', trigger: 'resolver', llm: 0, exec: 'finished', pr: [1290], ageH: 96, idleH: 95},
	{title: '修复登录页面在窄屏上的样式问题', sandbox: 7, repo: 1, trigger: 'gui', llm: 1, exec: 'finished', ageH: 118, idleH: 117},
	{title: 'Triage failing nightly build', sandbox: -2, repo: 6, trigger: 'jira', llm: null, exec: 'finished', ageH: 140, idleH: 139, metrics: metrics(0.0931, 40_211, 1_905)},
	{title: 'Document the plugin API', sandbox: 6, repo: null, trigger: 'openhands_api', llm: 1, exec: 'error', ageH: 149, idleH: 148, acp: 'claude-code'},
];

/**
 * ~8 sandboxes in every state and ~14 conversations that refer to them (or to deleted ones). Several
 * share a sandbox (0, 2 and 3), as `sandbox_grouping_strategy` allows on current servers (newer doc 8.4).
 */
function seedDemo(state: State, nowUs: number, jitter: Jitter): void {
	const [python, nodejs] = state.specs as [SpecRecord, SpecRecord];
	const sandboxes = [
		makeSandbox(state, python, nowUs - 2 * HOUR - jitter(HOUR), 'running'),
		// booting: the agent server's health check fails for bootMs → ERROR, then RUNNING
		makeSandbox(state, python, nowUs - 4 * MINUTE - jitter(MINUTE), 'running', Math.max(state.options.bootMs, 1)),
		makeSandbox(state, python, nowUs - 5 * HOUR - jitter(HOUR), 'running'),
		makeSandbox(state, nodejs, nowUs - 24 * HOUR - jitter(HOUR), 'running'),
		makeSandbox(state, python, nowUs - 48 * HOUR - jitter(HOUR), 'paused'),
		// `exited` (stopped from the Docker console) also reads PAUSED; resume has to boot it again
		makeSandbox(state, nodejs, nowUs - 72 * HOUR - jitter(HOUR), 'exited'),
		makeSandbox(state, python, nowUs - 150 * HOUR - jitter(HOUR), 'dead'),
		makeSandbox(state, python, nowUs - 120 * HOUR - jitter(HOUR), 'exited'),
	];
	for (const sandbox of sandboxes) state.addSandbox(sandbox);
	const gone = [newSandboxId(), newSandboxId()];
	const ids = DEMO.map(() => newHexId());
	DEMO.forEach((d, i) => {
		const repo = d.repo === null ? null : REPOSITORIES[d.repo]!;
		// whole minutes (0.04 h is 2 m), the random part on top: exactAges leaves whole minutes
		const createdUs = nowUs - minutes(d.ageH) - jitter(MINUTE);
		const conversation: ConversationRecord = {
			id: ids[i]!,
			sandboxId: d.sandbox >= 0 ? sandboxes[d.sandbox]!.id : gone[-d.sandbox - 1]!,
			repository: repo?.[0] ?? null,
			branch: d.branch ?? repo?.[2] ?? null,
			gitProvider: repo?.[1] ?? null,
			title: d.title,
			trigger: d.trigger,
			prNumber: d.pr ?? [],
			llmModel: d.llm === null ? null : LLM_MODELS[d.llm]!,
			metrics: d.metrics ?? null,
			parentId: d.parent === undefined ? null : ids[d.parent]!,
			createdUs,
			updatedUs: Math.max(createdUs + MINUTE, nowUs - minutes(d.idleH) - jitter(MINUTE)),
			executionStatus: d.exec,
			...(d.acp ? {agentKind: 'acp' as const, tags: {acpserver: d.acp}} : {}),
		};
		state.addConversation(conversation);
		if (d.trigger === 'gui' || d.trigger === 'openhands_api') seedReadyTask(state, conversation, jitter);
	});
	const paused = sandboxes[4]!;
	const failedAt = nowUs - 30 * HOUR - jitter(HOUR);
	state.addTask({
		id: newHexId(),
		status: 'ERROR',
		detail: `500: Sandbox not startable: ${paused.id}`,
		appConversationId: null,
		sandboxId: paused.id,
		agentServerUrl: null,
		request: requestEcho(paused.id, 'Continue the migration work', REPOSITORIES[2]!, null),
		createdUs: failedAt,
		updatedUs: failedAt + 2_000_000 + jitter(1_000_000),
	});
}

function requestEcho(sandboxId: string | null, text: string, repo: [string, string, string] | null, trigger: string | null) {
	return {
		sandbox_id: sandboxId,
		initial_message: {role: 'user', content: [{cache_prompt: false, type: 'text', text}], run: false},
		processors: null,
		llm_model: null,
		selected_repository: repo?.[0] ?? null,
		selected_branch: repo?.[2] ?? null,
		git_provider: repo?.[1] ?? null,
		title: null,
		trigger,
		pr_number: [],
		parent_conversation_id: null,
		agent_type: 'default',
	};
}

/** The task that started a seeded conversation: READY, created shortly before it. */
function seedReadyTask(state: State, c: ConversationRecord, jitter: Jitter): void {
	const sandbox = state.sandboxById.get(c.sandboxId);
	state.addTask({
		id: newHexId(),
		status: 'READY',
		detail: null,
		appConversationId: c.id,
		sandboxId: c.sandboxId,
		agentServerUrl: sandbox ? agentServerUrl(sandbox, agentUrlOf(state)) : null,
		request: {
			...requestEcho(null, c.title ?? '', c.repository ? [c.repository, c.gitProvider ?? 'github', c.branch ?? 'main'] : null, c.trigger),
			parent_conversation_id: c.parentId,
		},
		createdUs: c.createdUs - 20_000_000 - jitter(20_000_000),
		updatedUs: c.createdUs + jitter(500_000),
	});
}

const SCALE_STATES: ContainerState[] = ['exited', 'exited', 'exited', 'paused', 'paused', 'exited', 'paused', 'exited', 'exited', 'dead'];

/** Scale seeding: built already sorted (newest first) so 10,000 rows take milliseconds, not seconds. */
function seedScale(state: State, nowUs: number, sandboxCount: number, conversationCount: number): void {
	const jitter = randomJitter;
	const specs = state.specs;
	let at = nowUs - jitter(MINUTE);
	for (let i = 0; i < sandboxCount; i++) {
		const container = i < 4 ? 'running' : SCALE_STATES[i % SCALE_STATES.length]!;
		const sandbox = makeSandbox(state, specs[i % 7 === 3 ? 1 : 0]!, at, container);
		state.sandboxes.push(sandbox);
		state.sandboxById.set(sandbox.id, sandbox);
		at -= 2 * MINUTE + jitter(10 * MINUTE);
	}
	const ids = Array.from({length: conversationCount}, () => newHexId());
	at = nowUs - jitter(MINUTE);
	for (let i = 0; i < conversationCount; i++) {
		const repo = REPOSITORIES[i % REPOSITORIES.length]!;
		const sandbox = state.sandboxes[Math.floor((i / Math.max(conversationCount, 1)) * sandboxCount)];
		// one in 25 is a sub-conversation of the next (older) one
		const parentId = i % 25 === 1 && i + 1 < conversationCount ? ids[i + 1]! : null;
		const conversation: ConversationRecord = {
			id: ids[i]!,
			sandboxId: sandbox && i % 10 !== 9 ? sandbox.id : newSandboxId(),
			repository: i % 6 === 5 ? null : repo[0],
			branch: i % 6 === 5 ? null : repo[2],
			gitProvider: i % 6 === 5 ? null : repo[1],
			title: scaleTitle(i),
			trigger: i % 4 === 3 ? 'openhands_api' : 'gui',
			prNumber: i % 9 === 4 ? [2000 + i] : [],
			llmModel: LLM_MODELS[i % LLM_MODELS.length]!,
			metrics: null,
			parentId,
			createdUs: at,
			updatedUs: at + MINUTE + jitter(HOUR),
			executionStatus: i % 3 === 0 ? 'running' : 'finished',
		};
		state.conversations.push(conversation);
		state.conversationById.set(conversation.id, conversation);
		if (parentId) {
			const siblings = state.childrenOf.get(parentId) ?? [];
			siblings.push(conversation.id);
			state.childrenOf.set(parentId, siblings);
		} else state.topLevel.push(conversation);
		at -= MINUTE + jitter(20 * MINUTE);
	}
}
