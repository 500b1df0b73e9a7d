/**
 * The contract of the OpenHands client: what the store calls. One method a server operation,
 * named in the server's words. Implemented by `createClient` in ./createClient.ts.
 *
 * Every method rejects only with ApiError (./errors.ts).
 */
import type {SocketHandlers} from './transport/eventSocket.js';
import type {AgentCommand, AgentFacts, AgentTarget, CallOptions, ConversationQuery, Created, EventQuery, EventSocketTarget, GitChanges, GitDiff, PageQuery, ServerInfo, StartTaskQuery} from './types.js';
import type {LiveConnection} from './agent/liveEvents.js';
import type {Workspace} from './agent/workspace.js';
import type {
	AppConversation,
	ConfirmationPolicy,
	ConversationEvent,
	EventPage,
	NewConversation,
	Page,
	Sandbox,
	SandboxSpec,
	Settings,
	StartTask,
} from './schemas/index.js';

export type * from './types.js';

export interface OpenHandsClient {
	readonly baseUrl: string;

	/** The generation, flavour and auth scheme (probed once; cached; probed again after the server came back). */
	serverInfo(options?: CallOptions): Promise<ServerInfo>;

	/**
	 * `GET /api/settings` (legacy) or `GET /api/v1/settings` (current), read into one model;
	 * `null` when the server says 404 Settings not found (a fresh install).
	 */
	getSettings(options?: CallOptions): Promise<Settings | null>;

	searchConversations(query?: ConversationQuery, options?: CallOptions): Promise<Page<AppConversation>>;
	/** batch get; unknown ids come back as null in their position; splits into calls of < 100 ids */
	getConversations(ids: readonly string[], options?: CallOptions): Promise<(AppConversation | null)[]>;
	countConversations(query?: {titleContains?: string}, options?: CallOptions): Promise<number>;
	/**
	 * The conversations that use one sandbox (shared sandboxes, newer doc 8.4). Current servers filter
	 * with `sandbox_id__eq` (8.2) and every page is read, up to 500; legacy servers have no such filter
	 * (they ignore it and would answer every conversation), so the answer is null: the caller says so
	 * and looks at what it has loaded.
	 */
	conversationsInSandbox(sandboxId: string, options?: CallOptions): Promise<AppConversation[] | null>;
	/**
	 * App servers: `POST /api/v1/app-conversations`, answering the first start task (WORKING). Agent
	 * servers: `POST /api/conversations` with the server's saved settings, answering the conversation.
	 */
	createConversation(request: NewConversation, options?: CallOptions): Promise<Created>;
	getStartTasks(ids: readonly string[], options?: CallOptions): Promise<(StartTask | null)[]>;
	searchStartTasks(query?: StartTaskQuery, options?: CallOptions): Promise<Page<StartTask>>;

	searchSandboxes(query?: PageQuery, options?: CallOptions): Promise<Page<Sandbox>>;
	getSandboxes(ids: readonly string[], options?: CallOptions): Promise<(Sandbox | null)[]>;
	/** `POST /api/v1/sandboxes?sandbox_spec_id=` (a query parameter, as the real server reads it) */
	startSandbox(specId?: string | null, options?: CallOptions): Promise<Sandbox>;
	pauseSandbox(id: string, options?: CallOptions): Promise<void>;
	resumeSandbox(id: string, options?: CallOptions): Promise<void>;

	searchSpecs(query?: PageQuery, options?: CallOptions): Promise<Page<SandboxSpec>>;
	getSpecs(ids: readonly string[], options?: CallOptions): Promise<(SandboxSpec | null)[]>;

	/** A conversation's events: `/api/v1/events/search?conversation_id__eq=` (legacy) or `/api/v1/conversation/{id}/events/search` (current). */
	searchEvents(conversationId: string, query?: EventQuery, options?: CallOptions): Promise<EventPage>;
	/**
	 * A conversation's events as its agent server holds them: `GET {conversation_url}/events/search`
	 * with the sandbox's session key (an agent server: its own search). An app server's event store
	 * can be behind it: OpenHands d6fab190 gets them through the agent server's webhook, 10 at a time
	 * or 30 s after the newest (issue 27 item 7).
	 */
	searchAgentEvents(target: AgentTarget, query?: EventQuery, options?: CallOptions): Promise<EventPage>;
	/**
	 * One event in full, by id (an event the store keeps short: issue 27 item 2): agent servers `GET
	 * …/events/{id}`, current app servers `GET /api/v1/conversation/{id}/events?id=`, legacy `GET
	 * /api/v1/events?id=`; null when the server does not have it.
	 */
	getEvent(conversationId: string, eventId: string, options?: CallOptions): Promise<ConversationEvent | null>;
	/**
	 * One user message, exactly one POST: current servers `POST /api/v1/app-conversations/{id}/send-message`;
	 * legacy servers the agent server's `POST {conversation_url}/events` with the sandbox session key.
	 */
	sendMessage(target: AgentTarget, text: string, options?: CallOptions): Promise<void>;
	/**
	 * The agent server's pause / run / interrupt / respond_to_confirmation (accept or reject with an
	 * optional reason). A reject an agent server before 1.6.0 would turn into a pause is refused
	 * (`unsupported`) without a request (issue 21 item 1).
	 */
	controlAgent(target: AgentTarget, command: AgentCommand, reason?: string, options?: CallOptions): Promise<void>;
	/** `POST …/confirmation_policy` on the conversation's agent server (agent-server doc 7.4). */
	setConfirmationPolicy(target: AgentTarget, policy: ConfirmationPolicy, options?: CallOptions): Promise<void>;
	/** The conversation's agent server: version, abilities, its view of the conversation. */
	agentFacts(target: AgentTarget, options?: CallOptions): Promise<AgentFacts>;
	/** The workspace's changed files (`GET /api/git/changes?path=<working dir>`). */
	gitChanges(target: AgentTarget, options?: CallOptions): Promise<GitChanges>;
	/** One file's texts (`GET /api/git/diff?path=<working dir>/<file>`); `path` as gitChanges listed it. */
	gitDiff(target: AgentTarget, workingDir: string, path: string, options?: CallOptions): Promise<GitDiff>;
	/**
	 * The conversation's workspace on its agent server (issue 28, ./agent/workspace.ts): its patch,
	 * files, trajectory and commands. At most two requests (the version, the working directory).
	 */
	workspace(target: AgentTarget, options?: CallOptions): Promise<Workspace>;
	/** Where the conversation's events websocket is (no request unless the server is not probed yet). */
	eventSocket(target: AgentTarget, options?: CallOptions): Promise<EventSocketTarget>;
	/** `DELETE /api/v1/app-conversations/{id}` (current) or `DELETE /api/conversations/{id}` (legacy). */
	deleteConversation(id: string, options?: CallOptions): Promise<void>;
	/** `DELETE /api/v1/sandboxes/{id}?sandbox_id={id}` (works with and without the route quirk). */
	deleteSandbox(id: string, options?: CallOptions): Promise<void>;

	/**
	 * The conversation's events websocket on its agent server (issue 18, ./liveEvents.ts): events
	 * as they happen; `after` asks for a replay from that server timestamp where the server can.
	 * Not a request of the budget: one connection that stays open.
	 */
	openEvents(target: AgentTarget, after: string | null, handlers: SocketHandlers): Promise<LiveConnection>;

	/** closes the connection pool */
	close(): Promise<void>;
}
