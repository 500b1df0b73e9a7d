/**
 * The contract of the embedded stand-in server (implemented in ./standInServer.ts).
 * It never imports from ../api: the client and this server meet only on the wire.
 */
import type {Checkout, SocketHooks} from './agentServer/types.js';
import type {RequestRecord} from './requestRecord.js';

export type StandInOptions = {
	/** 0 (default) picks a free port; always listens on 127.0.0.1 */
	port?: number;
	/**
	 * when set, requests must carry it (./auth.ts): current on every V1 route but web-client config
	 * (`X-Session-API-Key`), cloud on every `/api` path (`Authorization: Bearer`), legacy on the
	 * unversioned `/api/...` routes (`X-Session-API-Key` or Bearer; V1 stays open there)
	 */
	apiKey?: string | null;
	/** time a new or resumed-from-exited sandbox reports ERROR while it boots; default 4000 ms */
	bootMs?: number;
	/** time each start-task step takes; default 1200 ms */
	stepMs?: number;
	/**
	 * `demo` (default): believable seed data; `empty`: nothing; or counts to seed at scale. `events`: the
	 * newest conversation gets this many events (one is made, in a running sandbox, when none is seeded)
	 */
	seed?: 'demo' | 'empty' | {sandboxes?: number; conversations?: number; events?: number};
	/** false: the settings route (`/api/settings` legacy, `/api/v1/settings` current) answers 404 Settings not found */
	withSettings?: boolean;
	/** enforce the OSS rate limiter (>10 req/s delayed 1 s, >20 rejected 429); default true */
	rateLimit?: boolean;
	/** clock, for tests */
	now?: () => number;
	/**
	 * the demo seed's times a whole number of minutes before the start (4m, 2h, 1d ago), without a
	 * random part: its age columns read the same for the first minute (benches that count bytes).
	 * Default false.
	 */
	exactAges?: boolean;
	/**
	 * which server to imitate (shared/openhands-api-newer.md): `legacy` = OpenHands d6fab190
	 * (`/api/settings`, V1 unauthenticated), `current` = sandbox-server 1.x (`/api/v1/settings`,
	 * V1 behind the session key, 422/400 limits, new fields). Default `current`.
	 */
	generation?: 'legacy' | 'current';
	/** the Cloud flavour: Bearer only, SPA HTML 200 for unknown paths, `{"error":…}` 401s; implies current */
	cloud?: boolean;
	/**
	 * conversations keep producing events and change execution status over time, and the demo tells
	 * its story (issue 11); default true. With false only requests cause activity (a sent message, run,
	 * accept), still paced by `now` and `stepMs`: tests step a manual clock and make a request.
	 */
	live?: boolean;
	/**
	 * a current app server from before OpenHands/OpenHands#14399 (April to mid-May 2026; Cloud until it
	 * was deployed): event search and count answer a plain-text 500 whenever `timestamp__gte` or
	 * `timestamp__lt` is sent (issue 18 §3). Default false.
	 */
	timestampFilter500?: boolean;
	/**
	 * legacy only: a conversation's events reach the app server's event store (its search, count and
	 * batch get) as SDK 1.1.0's webhook posts them, 10 at a time or 30 s after the newest one, while
	 * its agent server has each at once (issue 27 item 7, ./events/webhook.ts). Default false: every
	 * event is in the store the moment it happens.
	 */
	eventBatches?: boolean;
	/**
	 * legacy only: SDK 1.1.0 holds a conversation's lock through each step, and the app server's
	 * status check of its sandbox times out behind it: during a model call longer than this (ms), the
	 * app server reads the sandbox as ERROR with no URLs and no key, while the agent server and its
	 * socket still answer (issue 27 item 17). Default off (null).
	 */
	lockedHealthMs?: number | null;
};

export type {Credentials, RequestRecord} from './requestRecord.js';

export interface StandInServer {
	/** e.g. http://127.0.0.1:41234 */
	readonly url: string;
	readonly port: number;
	/** every request the server saw, in order (tests assert on these); agent-server requests included, path as sent */
	readonly requests: readonly RequestRecord[];
	/** the agent servers' listener (one for every sandbox; the session key tells which), e.g. http://127.0.0.1:41235 */
	readonly agentUrl: string;
	/**
	 * Test hooks for the events websockets of the agent listener (`/sockets/events/{id}` on `agentUrl`),
	 * the same as the agent-server stand-in's: open sockets, a network drop, a proxy refusing upgrades, silence.
	 */
	readonly agentSockets: SocketHooks;
	/** test hook: the repository holding `dir` in the sandbox of a conversation (32-hex or dashed id), as it is now */
	agentCheckout(conversationId: string, dir: string): Checkout | null;
	clearRequests(): void;
	close(): Promise<void>;
}
