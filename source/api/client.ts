/**
 * The contract of the OpenHands client: what the store calls. One method a server operation,
 * named in the server's words. Implemented by `createClient` in ./createClient.ts.
 *
 * Every method rejects only with ApiError (./errors.ts).
 */
import type {
	AppConversation,
	NewConversation,
	Page,
	Sandbox,
	SandboxSpec,
	Settings,
	StartTask,
} from './schemas/index.js';

export type CallOptions = {signal?: AbortSignal};

export type PageQuery = {
	/** string offset from a previous page's `next_page_id` */
	pageId?: string | null;
	/** 1..100; the real server answers 500 above 100 */
	limit?: number;
};

export type ConversationQuery = PageQuery & {titleContains?: string};

export type StartTaskQuery = PageQuery & {
	conversationIdEq?: string;
	createdAtGte?: Date;
	sortOrder?: 'CREATED_AT' | 'CREATED_AT_DESC' | 'UPDATED_AT' | 'UPDATED_AT_DESC';
};

export type AuthMode = 'session' | 'bearer';

export type ClientOptions = {
	/** e.g. http://127.0.0.1:3000 (no trailing slash needed) */
	baseUrl: string;
	apiKey?: string | null;
	/** `session` (default): X-Session-API-Key; `bearer`: Authorization: Bearer */
	auth?: AuthMode;
	connectTimeoutMs?: number; // default 5_000
	headersTimeoutMs?: number; // default 15_000
	bodyTimeoutMs?: number; // default 15_000
	/** responses larger than this are refused as bad_response; default 8 MiB */
	maxResponseBytes?: number;
};

export interface OpenHandsClient {
	readonly baseUrl: string;

	/** `GET /api/settings`; `null` when the server says 404 Settings not found (a fresh install). */
	getSettings(options?: CallOptions): Promise<Settings | null>;

	searchConversations(query?: ConversationQuery, options?: CallOptions): Promise<Page<AppConversation>>;
	/** batch get; unknown ids come back as null in their position; splits into calls of < 100 ids */
	getConversations(ids: readonly string[], options?: CallOptions): Promise<(AppConversation | null)[]>;
	countConversations(query?: {titleContains?: string}, options?: CallOptions): Promise<number>;
	/** `POST /api/v1/app-conversations`; answers the first start task (status WORKING) */
	createConversation(request: NewConversation, options?: CallOptions): Promise<StartTask>;
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

	/** closes the connection pool */
	close(): Promise<void>;
}
