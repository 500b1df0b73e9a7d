import {agentUrlOf} from './agent/agentUrl.js';
import {settingsModel} from './currentSettings.js';
import {newHexId} from './ids.js';
import {agentServerUrl, findSpec, resumeSandbox, sandboxStatus, startSandbox} from './sandboxOps.js';
import type {SandboxRecord, StartRequestEcho, StartTaskRecord, StartTaskStatus, State} from './state.js';

/** `sandbox_startup_timeout` (5.2); polling uses `stepMs` instead of the real 2 s. */
const SANDBOX_STARTUP_TIMEOUT_MS = 120_000;

/**
 * Creates the start task (status WORKING, sandbox_id null even when the request names one, 2.5) and
 * schedules the rest of the flow of shared/openhands-api.md 5.1, one step every `stepMs`.
 */
export function createStartTask(state: State, request: StartRequestEcho): StartTaskRecord {
	const createdUs = state.nowUs();
	const task: StartTaskRecord = {
		id: newHexId(),
		status: 'WORKING',
		detail: null,
		appConversationId: null,
		sandboxId: null,
		agentServerUrl: null,
		request,
		createdUs,
		updatedUs: createdUs + 400 + Math.floor(Math.random() * 200),
	};
	state.addTask(task);
	state.later(state.options.stepMs, () => waitForSandbox(state, task));
	return task;
}

function save(state: State, task: StartTaskRecord, status: StartTaskStatus, patch: Partial<StartTaskRecord> = {}): void {
	Object.assign(task, patch, {status, updatedUs: Math.max(state.nowUs(), task.updatedUs + 1)});
}

/** `detail` is `str(SandboxError)`, an HTTPException, hence the `500: ` prefix (5.1). */
function fail(state: State, task: StartTaskRecord, message: string): void {
	save(state, task, 'ERROR', {detail: `500: ${message}`});
}

function waitForSandbox(state: State, task: StartTaskRecord): void {
	const requested = task.request.sandbox_id;
	let sandbox: SandboxRecord | undefined;
	let initial: string;
	if (requested) {
		sandbox = state.sandboxById.get(requested);
		if (!sandbox) {
			fail(state, task, `Sandbox not found: ${requested}`);
			task.sandboxId = requested;
			return;
		}
		initial = sandboxStatus(state, sandbox);
	} else {
		sandbox = startSandbox(state, findSpec(state, null)!);
		initial = 'STARTING';
	}
	save(state, task, 'WAITING_FOR_SANDBOX', {sandboxId: sandbox.id});
	// The decision uses the status read before any action: a PAUSED sandbox is resumed and the task
	// still fails, because only RUNNING/STARTING pass the check (5.1).
	if (initial === 'PAUSED') resumeSandbox(state, sandbox);
	if (initial === 'ERROR') return fail(state, task, 'Sandbox status: SandboxStatus.ERROR');
	if (initial !== 'STARTING' && initial !== 'RUNNING') return fail(state, task, `Sandbox not startable: ${sandbox.id}`);
	const id = sandbox.id;
	const deadline = state.now() + SANDBOX_STARTUP_TIMEOUT_MS;
	const poll = () => {
		const current = state.sandboxById.get(id);
		if (!current) return fail(state, task, `Sandbox not found: ${id}`);
		if (sandboxStatus(state, current) === 'RUNNING') return prepare(state, task, current);
		if (state.now() > deadline) return fail(state, task, `Sandbox failed to start: ${id}`);
		state.later(state.options.stepMs, poll);
	};
	state.later(state.options.stepMs, poll);
}

function prepare(state: State, task: StartTaskRecord, sandbox: SandboxRecord): void {
	const steps: StartTaskStatus[] = ['PREPARING_REPOSITORY', 'RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS'];
	// current servers load skills before starting the conversation (newer doc 8.3)
	if (state.current) steps.push('SETTING_UP_SKILLS');
	save(state, task, steps[0]!);
	let i = 1;
	const next = () => {
		const step = steps[i++];
		if (step) {
			save(state, task, step);
			state.later(state.options.stepMs, next);
			return;
		}
		if (!state.sandboxById.has(sandbox.id) || sandboxStatus(state, sandbox) !== 'RUNNING') {
			// the agent-server POST would fail at the HTTP level; httpx's message (5.1)
			return save(state, task, 'ERROR', {detail: 'All connection attempts failed'});
		}
		save(state, task, 'STARTING_CONVERSATION', {agentServerUrl: agentServerUrl(sandbox, agentUrlOf(state))});
		state.later(state.options.stepMs, () => ready(state, task, sandbox));
	};
	state.later(state.options.stepMs, next);
}

function ready(state: State, task: StartTaskRecord, sandbox: SandboxRecord): void {
	const request = task.request;
	const id = newHexId();
	const createdUs = state.nowUs();
	const text = firstText(request);
	state.addConversation({
		id,
		sandboxId: sandbox.id,
		repository: request.selected_repository,
		branch: request.selected_branch,
		gitProvider: request.git_provider,
		// the request title is ignored by this server version (5.1)
		title: `Conversation ${id}`,
		trigger: request.trigger,
		prNumber: request.pr_number,
		llmModel: request.llm_model ?? settingsModel(state),
		metrics: null,
		parentId: request.parent_conversation_id,
		createdUs,
		updatedUs: createdUs,
		executionStatus: text ? 'running' : 'idle',
	});
	save(state, task, 'READY', {appConversationId: id});
	if (text) {
		// SetTitleCallbackProcessor replaces the title after the first message (5.5)
		state.later(state.options.stepMs * 2, () => {
			const conversation = state.conversationById.get(id);
			if (!conversation) return;
			conversation.title = text.split('\n')[0]!.slice(0, 60);
			conversation.updatedUs = state.nowUs();
		});
	}
}

function firstText(request: StartRequestEcho): string | null {
	const item = request.initial_message?.content.find(c => c['type'] === 'text');
	const text = typeof item?.['text'] === 'string' ? item['text'].trim() : '';
	return text || null;
}
