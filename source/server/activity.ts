import {currentAgentProxyRoutes} from './agent/appRoutes.js';
import {setAgentUrl} from './agent/agentUrl.js';
import {startAgentListener} from './agent/listener.js';
import type {Checkout, SocketHooks} from './agentServer/types.js';
import {currentEventRoutes} from './events/currentRoutes.js';
import {ActivityHub} from './events/hub.js';
import {legacyEventRoutes} from './events/legacyRoutes.js';
import {newHexId, newSandboxId, newSessionKey, randomPort} from './ids.js';
import type {Route} from './router.js';
import type {State} from './state.js';
import type {RequestRecord, StandInOptions} from './types.js';

/**
 * The stand-in's side of issue 10, hooked into the app server in three places: the listener starts
 * before seeding (sandboxes advertise its url), `start` after seeding, `advance` before each request.
 */
export type Activity = {
	readonly agentUrl: string;
	readonly sockets: SocketHooks;
	checkout(conversationId: string, dir: string): Checkout | null;
	start(): void;
	advance(): void;
	close(): Promise<void>;
};

export const generationOf = (options: StandInOptions): 'legacy' | 'current' =>
	options.cloud ? 'current' : (options.generation ?? 'current');

export async function startActivity(state: State, options: StandInOptions, requests: RequestRecord[]): Promise<Activity> {
	const seed = options.seed ?? 'demo';
	const events = typeof seed === 'object' ? seed.events : undefined;
	const hub = new ActivityHub(state, {
		generation: generationOf(options),
		live: options.live ?? true,
		demo: seed === 'demo',
		events,
		timestampFilter500: options.timestampFilter500 ?? false,
		eventBatches: options.eventBatches ?? false,
		lockedHealthMs: options.lockedHealthMs ?? null,
	});
	const listener = await startAgentListener(hub, requests);
	hub.agentUrl = listener.url;
	setAgentUrl(state, listener.url);
	return {
		agentUrl: listener.url,
		sockets: listener.sockets,
		checkout: (id: string, dir: string) => listener.checkout(id, dir),
		start() {
			if (events && state.conversations.length === 0) addLongConversation(state);
			hub.start();
		},
		advance: () => hub.advance(),
		async close() {
			hub.close();
			await listener.close();
		},
	};
}

/** Legacy: `/api/v1/events/*` (4.1). Current: `/api/v1/conversation/{id}/events/*` (4.2), send-message (5.1), pending messages (5.3). */
export function activityRoutes(options: StandInOptions): Route[] {
	return generationOf(options) === 'legacy' ? legacyEventRoutes : [...currentEventRoutes, ...currentAgentProxyRoutes];
}

const HOUR_US = 3_600_000_000;

/** For `seed: {events: N}` alone: one conversation in a running sandbox to hold the events. */
function addLongConversation(state: State): void {
	const spec = state.specs[0]!;
	const nowUs = state.nowUs();
	const sandbox = {
		id: newSandboxId(),
		specId: spec.id,
		createdUs: nowUs - 30 * HOUR_US,
		container: 'running' as const,
		bootUntil: 0,
		bootLeft: 0,
		sessionKey: newSessionKey(),
		ports: [randomPort(), randomPort(), randomPort(), randomPort()] as [number, number, number, number],
		workingDir: spec.workingDir,
	};
	state.addSandbox(sandbox);
	state.addConversation({
		id: newHexId(),
		sandboxId: sandbox.id,
		repository: 'acme/api-server',
		branch: 'develop',
		gitProvider: 'github',
		title: 'Split the billing service out of the monolith',
		trigger: 'gui',
		prNumber: [],
		llmModel: 'anthropic/claude-sonnet-4-5-20250929',
		metrics: null,
		parentId: null,
		createdUs: nowUs - 26 * HOUR_US,
		updatedUs: nowUs - 60_000_000,
		executionStatus: 'finished',
	});
}
