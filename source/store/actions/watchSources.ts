import type {OpenHandsClient} from '../../api/client.js';
import type {AppConversation, Page, Sandbox, StartTask} from '../../api/schemas/index.js';
import type {WatchHub} from './watches.js';

/** Sandboxes move within seconds (docker boots in a few, section 4.1). */
export const SANDBOX_WATCH_MS = 1000;
/** Start tasks move in steps of about a second on the real server (section 5.1); the web UI polls every 3 s. */
export const START_TASK_WATCH_MS = 1500;
/** An agent command's effect shows in the conversation's status; the agent moves in steps of seconds. */
export const CONVERSATION_WATCH_MS = 3000;
/** After a call with an unknown outcome: the newest items, where a just-created one is. */
const NEWEST = 20;

/**
 * The watch sources of the actions this store knows (./watches.ts says how to add one):
 * - `sandbox`: sandbox ids, one `getSandboxes` a tick;
 * - `startTask`: start-task ids, one `getStartTasks` a tick;
 * - `conversation`: conversation ids, one `getConversations` a tick (agent commands, ./agentCommands.ts);
 * - `newestSandboxes` / `newestStartTasks`: the newest page, for calls that timed out and may have
 *   created something we do not know the id of (every key gets the same page).
 */
export function registerWatchSources(hub: WatchHub, client: OpenHandsClient): void {
	hub.source<Sandbox>('sandbox', {everyMs: SANDBOX_WATCH_MS, fetch: (ids, o) => client.getSandboxes(ids, o)});
	hub.source<StartTask>('startTask', {everyMs: START_TASK_WATCH_MS, fetch: (ids, o) => client.getStartTasks(ids, o)});
	hub.source<AppConversation>('conversation', {everyMs: CONVERSATION_WATCH_MS, fetch: (ids, o) => client.getConversations(ids, o)});
	hub.source<Page<Sandbox>>('newestSandboxes', {
		everyMs: SANDBOX_WATCH_MS,
		fetch: async (keys, o) => {
			const page = await client.searchSandboxes({limit: NEWEST}, o);
			return keys.map(() => page);
		},
	});
	hub.source<Page<StartTask>>('newestStartTasks', {
		everyMs: START_TASK_WATCH_MS,
		fetch: async (keys, o) => {
			const page = await client.searchStartTasks({limit: NEWEST, sortOrder: 'CREATED_AT_DESC'}, o);
			return keys.map(() => page);
		},
	});
}

// The server's own bounds for the steps of a conversation start (shared/openhands-api.md 4.2, 5.1,
// 5.2): a process-runtime sandbox start blocks up to 1 + 30 s, then the server waits up to 120 s for
// the sandbox to run (`sandbox_startup_timeout`); the setup script may take 600 s; the agent-server
// POST times out after 120 s; a clone has no bound (5 minutes here). A margin covers the server's
// 2 s polling and the way back.
const MARGIN_MS = 30_000;
const SANDBOX_START_MS = 31_000;
const SANDBOX_WAIT_MS = 120_000;
const STEP_MS: Readonly<Record<string, number>> = {
	WORKING: SANDBOX_START_MS + SANDBOX_WAIT_MS + MARGIN_MS,
	WAITING_FOR_SANDBOX: SANDBOX_START_MS + SANDBOX_WAIT_MS + MARGIN_MS,
	PREPARING_REPOSITORY: 300_000 + MARGIN_MS,
	RUNNING_SETUP_SCRIPT: 600_000 + MARGIN_MS,
	STARTING_CONVERSATION: 120_000 + MARGIN_MS,
};

/**
 * How long a start task may stay in `status` before the store stops watching it: the server's own
 * deadline for that step, or `fallbackMs` (the store's watch time-out) for a step without one.
 */
export function startTaskStepMs(status: string, fallbackMs: number): number {
	return STEP_MS[status] ?? fallbackMs;
}
