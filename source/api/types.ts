/**
 * The plain types of the client's contract (./client.ts): queries, what the probe found, targets,
 * options. Apart from the interface so the transport and the backends read them without importing
 * the contract, which names the socket modules (no import circle).
 */
import type {AppConversation, StartTask} from './schemas/index.js';

/** A request's query string, before encoding. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export type CallOptions = {
	signal?: AbortSignal;
	/**
	 * overall deadline for the whole call (connect + headers + body), in ms; default: the client's
	 * `requestDeadlineMs`. Actions pass a longer one (a process-runtime sandbox start blocks ~31 s).
	 */
	deadlineMs?: number;
};

export type PageQuery = {
	/** string offset from a previous page's `next_page_id` */
	pageId?: string | null;
	/** 1..100; the real server answers 500 above 100 */
	limit?: number;
};

export type ConversationQuery = PageQuery & {
	titleContains?: string;
	/** current servers only (`sandbox_id__eq`); legacy servers ignore unknown query parameters */
	sandboxIdEq?: string;
	/**
	 * only conversations whose stored `last_updated_at` is at or after this instant (`updated_at__gte`,
	 * shared/openhands-api.md 2.2, both generations); sent as `toISOString()`, as the web UI does (1.3)
	 */
	updatedAtGte?: Date;
};

/** Event search, both generations (shared/openhands-api-newer.md 4.1, 4.2). */
export type EventQuery = PageQuery & {
	/** only events at or after this instant (sent as a naive UTC timestamp: legacy servers 500 on an offset) */
	timestampGte?: Date;
	timestampLt?: Date;
	sortOrder?: 'TIMESTAMP' | 'TIMESTAMP_DESC';
	/** short class name, e.g. `MessageEvent` */
	kindEq?: string;
	/**
	 * Agent servers page by event ids (agent-server doc 5.1): the page starts at this event
	 * (inclusive), in the query's order, and no time bound is sent. App servers ignore it and use the
	 * time bounds, so callers give both.
	 */
	anchorEventId?: string;
};

export type Generation = 'legacy' | 'current';

/**
 * The two kinds of OpenHands backend (issue 16): an app server (legacy OpenHands, the current
 * sandbox-server, Cloud: settings, app conversations, sandboxes, specs, start tasks) and an agent
 * server (shared/openhands-agent-server.md: conversations and their events directly, no sandboxes).
 */
export type BackendKind = 'app-server' | 'agent-server';

/**
 * What a server can do. The store and the UI ask this, never which kind or generation a server is
 * (shared/design.md, round 3), except to name it in the header.
 */
export type Capabilities = {
	/** sandboxes (list, pause, resume, start, delete) */
	sandboxes: boolean;
	/** sandbox specs */
	specs: boolean;
	/** a new conversation is a start task followed to READY (app servers), not created at once */
	startTasks: boolean;
	/** a conversation's confirmation policy can be read and switched */
	confirmationPolicy: boolean;
	/** a conversation's workspace git changes and diffs can be read (where its agent server is reachable) */
	gitChanges: boolean;
	/** a conversation's events can be streamed over the agent server's websocket */
	liveEvents: boolean;
};

/** What the probe found (shared/openhands-api-newer.md 1.2); found once, probed again after the server came back. */
export type ServerInfo = {
	kind: BackendKind;
	/** app servers only; null for an agent server */
	generation: Generation | null;
	/** e.g. `sandbox-server`, `openhands`, `cloud`; null when nothing tells */
	flavour: string | null;
	/** the scheme the server accepted (or the one forced by the user) */
	auth: AuthMode;
	/** the server's own version where it says (agent servers: `/server_info` `version`); null otherwise */
	version: string | null;
	capabilities: Capabilities;
	/** for the header and `?`, e.g. `sandbox-server`, `agent server 1.43.1` */
	label: string;
	/**
	 * the probe's settings read went with the key and was answered (2xx): the server takes the key, so
	 * a lone 401 right after is its quirk, asked again promptly (store/backoff.ts, issue 27 item 12)
	 */
	keyTaken?: boolean;
};

/**
 * What the agent server of a conversation needs: taken from an AppConversation. A direct agent
 * server's conversations have no `conversation_url` (the client's own origin and key serve them).
 */
export type AgentTarget = {
	id: string;
	conversation_url: string | null;
	session_api_key: string | null;
	sandbox_id: string;
	/** the conversation's workspace, when known (agent servers list it) */
	working_dir?: string | null;
	/** the app server's `selected_repository` (`owner/name`): cloned into `<working dir>/<name>` */
	repository?: string | null;
};

/** `interrupt`: cancel the LLM call in flight now (agent servers since 1.23); `pause` waits for the step. */
export type AgentCommand = 'pause' | 'run' | 'interrupt' | 'accept' | 'reject';

/** What `createConversation` answers: app servers a start task to follow, agent servers the conversation itself. */
export type Created = {kind: 'start-task'; task: StartTask} | {kind: 'conversation'; conversation: AppConversation};

/** One changed file of a workspace (agent-server doc 8.1): `ADDED`, `UPDATED`, `DELETED`, `MOVED`. */
export type GitChange = {path: string; status: string};
/** A file's whole texts on both sides (null: absent there); the client computes no diff. */
export type GitDiff = {original: string | null; modified: string | null};
export type GitChanges = {
	/** the directory asked about (the conversation's `workspace.working_dir`) */
	workingDir: string;
	/** paths relative to it; `[]` also when it is not a git repository */
	files: GitChange[];
};

/**
 * A conversation's agent server (issue 21 item 1): its version (`/server_info`, no key), what that
 * version can do, and the conversation as it reports it (confirmation policy, working directory).
 */
export type AgentFacts = {
	version: string | null;
	/** `accept: false` really rejects (SDK >= 1.6.0; before, it only pauses); true when the version is unknown */
	rejects: boolean;
	/** `POST …/interrupt` exists (SDK >= 1.23.0) */
	interrupts: boolean;
	/** the conversation as its agent server reports it; null when not read (a direct server lists it already) */
	conversation: AppConversation | null;
};

/**
 * Where a conversation's events websocket is (agent-server doc 6.1, 2.3), for the socket transport:
 * `ws[s]://…/sockets/events/<id>`, the key to send (header or first frame, never in a log), and
 * the headers for the upgrade. The key only ever goes to this URL's origin.
 */
export type EventSocketTarget = {url: string; key: string | null; headers: Record<string, string>};

export type StartTaskQuery = PageQuery & {
	conversationIdEq?: string;
	createdAtGte?: Date;
	sortOrder?: 'CREATED_AT' | 'CREATED_AT_DESC' | 'UPDATED_AT' | 'UPDATED_AT_DESC';
};

export type AuthMode = 'session' | 'bearer';
/** `auto` (default): find the scheme the server accepts with at most one extra request, same origin only */
export type AuthSetting = AuthMode | 'auto';

export type ClientOptions = {
	/** e.g. http://127.0.0.1:3000 (no trailing slash needed) */
	baseUrl: string;
	apiKey?: string | null;
	/** `auto` (default): probe; `session`: X-Session-API-Key; `bearer`: Authorization: Bearer */
	auth?: AuthSetting;
	connectTimeoutMs?: number; // default 5_000
	headersTimeoutMs?: number; // default 15_000
	bodyTimeoutMs?: number; // default 15_000
	/** overall deadline per request (a body trickling a byte a second must still end); default 30_000 */
	requestDeadlineMs?: number;
	/** one line per request (time, method, path, status, ms, bytes): never a key, never a body */
	log?: (line: string) => void;
	/** proxy settings from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, lower case too); default process.env */
	env?: NodeJS.ProcessEnv;
	/** responses larger than this are refused as bad_response; default 8 MiB */
	maxResponseBytes?: number;
	/**
	 * extra trusted CA certificates (PEM) for an https server, added to Node's own: a private CA; the
	 * proxy tests trust their self-signed test certificate with it (NODE_EXTRA_CA_CERTS works too)
	 */
	ca?: string;
};
