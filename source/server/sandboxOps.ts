import {newSandboxId, newSessionKey, randomPort} from './ids.js';
import type {SandboxRecord, SandboxStatus, SpecRecord, State} from './state.js';

/** Docker backend defaults (shared/openhands-api.md 2.7, `max_num_sandboxes` 5). */
export const MAX_SANDBOXES = 5;

/**
 * Status as the docker service derives it (4.1): running → RUNNING unless the agent server's health
 * check still fails (booting → ERROR), paused and exited → PAUSED, dead → ERROR.
 */
export function sandboxStatus(state: State, sandbox: SandboxRecord): SandboxStatus {
	switch (sandbox.container) {
		case 'running':
			return state.now() < sandbox.bootUntil ? 'ERROR' : 'RUNNING';
		case 'paused':
		case 'exited':
			return 'PAUSED';
		case 'dead':
			return 'ERROR';
	}
}

export function findSpec(state: State, specId: string | null): SpecRecord | undefined {
	return specId === null ? state.specs[0] : state.specs.find(spec => spec.id === specId);
}

/** `pause_old_sandboxes`: pause the oldest RUNNING ones so at most `max - 1` keep running (2.7). */
export function pauseOldSandboxes(state: State): void {
	const running = state.sandboxes.filter(s => sandboxStatus(state, s) === 'RUNNING');
	const excess = running.length - (MAX_SANDBOXES - 1);
	// newest first, so the oldest are at the end
	for (let i = 0; i < excess; i++) pauseSandbox(state, running[running.length - 1 - i]!);
}

/** Starts a container; the caller reports STARTING (docker returns the just-created container). */
export function startSandbox(state: State, spec: SpecRecord): SandboxRecord {
	pauseOldSandboxes(state);
	const sandbox: SandboxRecord = {
		id: newSandboxId(),
		specId: spec.id,
		createdUs: state.nowUs(),
		container: 'running',
		bootUntil: state.now() + state.options.bootMs,
		bootLeft: 0,
		sessionKey: newSessionKey(),
		ports: [randomPort(), randomPort(), randomPort(), randomPort()],
		workingDir: spec.workingDir,
	};
	state.addSandbox(sandbox);
	return sandbox;
}

export function pauseSandbox(state: State, sandbox: SandboxRecord): void {
	if (sandbox.container !== 'running') return;
	sandbox.bootLeft = Math.max(0, sandbox.bootUntil - state.now());
	sandbox.container = 'paused';
}

/** unpause → healthy at once (unless paused mid-boot); start from exited → boots again (4.1). */
export function resumeSandbox(state: State, sandbox: SandboxRecord): void {
	if (sandbox.container === 'paused') {
		pauseOldSandboxes(state);
		sandbox.container = 'running';
		sandbox.bootUntil = state.now() + sandbox.bootLeft;
	} else if (sandbox.container === 'exited') {
		pauseOldSandboxes(state);
		sandbox.container = 'running';
		sandbox.bootUntil = state.now() + state.options.bootMs;
	} else {
		// docker resume also runs pause_old_sandboxes for running ones; nothing else changes
		pauseOldSandboxes(state);
	}
}

/** `base`: the stand-in's agent-server listener (agent/agentUrl.ts), which answers for every sandbox. */
export function agentServerUrl(sandbox: SandboxRecord, base: string | null = null): string {
	return base ?? `http://localhost:${sandbox.ports[0]}`;
}

/**
 * The four docker port bindings (4.1); the VSCODE url carries the key and the folder, unencoded.
 * Current servers add the container `port` to each (newer doc 8.3; host vs container port
 * unconfirmed there, the container one is used here). The agent server's url points at the
 * stand-in's agent listener when there is one.
 */
export function exposedUrls(
	sandbox: SandboxRecord,
	withPort = false,
	agentBase: string | null = null,
): {name: string; url: string; port?: number}[] {
	const [, vscode, worker1, worker2] = sandbox.ports;
	const urls = [
		{name: 'AGENT_SERVER', url: agentServerUrl(sandbox, agentBase), port: 8000},
		{name: 'VSCODE', url: `http://localhost:${vscode}/?tkn=${sandbox.sessionKey}&folder=${sandbox.workingDir}`, port: 8001},
		{name: 'WORKER_1', url: `http://localhost:${worker1}`, port: 8011},
		{name: 'WORKER_2', url: `http://localhost:${worker2}`, port: 8012},
	];
	return withPort ? urls : urls.map(({name, url}) => ({name, url}));
}
