/**
 * The contract of the stand-in agent server (OpenHands software-agent-sdk `openhands-agent-server`
 * 1.43.1, shared/openhands-agent-server.md), implemented in ./start.ts. Like the app-server stand-in it
 * never imports from ../../api: the client and this server meet only on the wire.
 */
import type {RequestRecord} from '../requestRecord.js';

export type AgentServerOptions = {
	/** 0 (default) picks a free port; always listens on 127.0.0.1 */
	port?: number;
	/**
	 * the session keys (`SESSION_API_KEY` / `OH_SESSION_API_KEYS_*`, §2.1): several may be valid at
	 * once; none (default) = no auth at all, REST and websocket
	 */
	apiKey?: string | readonly string[] | null;
	/**
	 * which agent server to imitate: `1.43.1` (default), or an older one such as `1.1.0` (what legacy
	 * app servers launch: short server_info, `"OK"` health, no settings, query-key-only websocket with
	 * `resend_all`, a reject that acts as pause before 1.6.0). Landmarks: ./version.ts
	 */
	version?: string;
	/**
	 * `demo` (default): believable conversations with histories; `empty`; or counts for scale (histories
	 * written when first read; `events`: the newest conversation's agent makes that many events, and the
	 * server adds its state updates to them, about half as many again)
	 */
	seed?: 'demo' | 'empty' | {conversations?: number; events?: number};
	/** agents work on their own and the demo tells its story (default true); false: only when asked */
	live?: boolean;
	/** the pace unit of agent steps (default 1200 ms; a model call takes 2-5 of these) */
	stepMs?: number;
	/** clock, for tests */
	now?: () => number;
	/**
	 * the server's zone, as minutes east of UTC: event timestamps are naive server-local times (§5.3).
	 * Default: this machine's local zone.
	 */
	utcOffsetMinutes?: number;
	/** false: `/ready` answers 503 initializing (§1.1) */
	ready?: boolean;
	/**
	 * websocket pings: 0/absent = none (uvicorn < 0.46, the SDK's lock); N = a ping every N ms and a
	 * close 1011 "keepalive ping timeout" when its pong has not come N ms later (uvicorn >= 0.46: 20000)
	 */
	pingIntervalMs?: number;
	/** send `StreamingDeltaEvent` frames before each model answer (an LLM with `stream: true`, §5.4) */
	streaming?: boolean;
	/** how long a socket without a key may take to send its auth frame (default 10000 ms, §2.3) */
	authTimeoutMs?: number;
	/** subscribers per conversation, the server's own included (default 50, §6.2) */
	maxSubscribers?: number;
	/** faults from the start; the same as the hooks of the same names (AgentServerStandIn) */
	refuseUpgrades?: boolean;
	silentSockets?: boolean;
	/** false: the bash routes and socket answer 404 (a proxy that lets only some routes through) */
	bash?: boolean;
};

/** A repository of a stand-in's working trees: its committed files and its working tree (tests apply patches to a copy of `base`). */
export type Checkout = {root: string; base: ReadonlyMap<string, Buffer>; tree: ReadonlyMap<string, Buffer>};

/** What `onEvent` listeners get: the conversation (dashed id) and the event as the wire has it. */
export type CreatedEvent = {conversationId: string; event: Record<string, unknown>; at: number};

/** Test hooks for the events websockets of a stand-in agent server (also the app-server stand-in's listener). */
export type SocketHooks = {
	/** open event sockets (of one conversation, or all) */
	socketCount(conversationId?: string): number;
	/**
	 * Cuts every event socket now (TCP destroyed, no close frame: a network drop); for `refuseMs`
	 * after it, upgrades are cut the same way (the server is unreachable for sockets).
	 */
	dropSockets(options?: {refuseMs?: number}): void;
	/** a proxy that does not pass websockets: upgrades get the plain GET's `404 {"detail":"Not Found"}` */
	setRefuseUpgrades(on: boolean): void;
	/** sockets (open and new) go silent: accepted, but no frame and no pong is sent */
	setSilent(on: boolean): void;
	/**
	 * The whole server out of reach (an outage, a restart): every socket is cut, and while `on`
	 * every connection, REST or websocket, is cut as soon as it arrives.
	 */
	setDown(on: boolean): void;
};

export interface AgentServerStandIn extends SocketHooks {
	/** e.g. http://127.0.0.1:41234 */
	readonly url: string;
	readonly port: number;
	/** every request the server saw, websocket upgrades included (`upgrade: true`), in order */
	readonly requests: readonly RequestRecord[];
	clearRequests(): void;
	close(): Promise<void>;

	// --- test hooks ---
	/** dashed ids of the conversations, newest first */
	conversationIds(): string[];
	/** called for every persisted event as it is created (benchmarks time event → screen with it) */
	onEvent(listener: (created: CreatedEvent) => void): () => void;
	/** runs every agent step that is due now (what each request does first) */
	advance(): void;
	/** REST requests hang until `resumeRest()` (or for `ms`); websockets are not affected */
	stallRest(ms?: number): void;
	resumeRest(): void;
	/** the repository holding `dir`, as it is now; null when there is none */
	checkout(dir: string): Checkout | null;
}
