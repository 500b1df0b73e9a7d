import {type Micros, toMicros} from './time.js';

/** Docker container states that matter here (shared/openhands-api.md 4.1). */
export type ContainerState = 'running' | 'paused' | 'exited' | 'dead';
export type SandboxStatus = 'STARTING' | 'RUNNING' | 'PAUSED' | 'ERROR' | 'MISSING';

export type SpecRecord = {
	id: string;
	command: string[] | null;
	createdUs: Micros;
	initialEnv: Record<string, string>;
	workingDir: string;
};

export type SandboxRecord = {
	id: string;
	specId: string;
	createdUs: Micros;
	container: ContainerState;
	/** clock ms until which the agent server is still booting (health check fails → ERROR) */
	bootUntil: number;
	/** boot time left when the container was paused mid-boot */
	bootLeft: number;
	sessionKey: string;
	/** host ports for container ports 8000, 8001, 8011, 8012 */
	ports: [number, number, number, number];
	workingDir: string;
};

export type Metrics = {
	cost: number;
	promptTokens: number;
	completionTokens: number;
	cacheReadTokens: number;
	cacheWriteTokens: number;
	contextWindow: number;
	perTurnToken: number;
};

export type ConversationRecord = {
	id: string;
	sandboxId: string;
	repository: string | null;
	branch: string | null;
	gitProvider: string | null;
	title: string | null;
	trigger: string | null;
	prNumber: number[];
	llmModel: string | null;
	metrics: Metrics | null;
	parentId: string | null;
	createdUs: Micros;
	updatedUs: Micros;
	/** what the agent server would report while the sandbox runs */
	executionStatus: string | null;
	/** current generation only (newer doc 8.3): `openhands` unless seeded as an ACP conversation */
	agentKind?: 'openhands' | 'acp';
	tags?: Record<string, string>;
	public?: boolean | null;
};

export type StartTaskStatus =
	| 'WORKING'
	| 'WAITING_FOR_SANDBOX'
	| 'PREPARING_REPOSITORY'
	| 'RUNNING_SETUP_SCRIPT'
	| 'SETTING_UP_GIT_HOOKS'
	/** current generation only, between git hooks and starting the conversation (newer doc 8.3) */
	| 'SETTING_UP_SKILLS'
	| 'STARTING_CONVERSATION'
	| 'READY'
	| 'ERROR';

/** The request echo as the server re-serializes it (field order of 3.8). */
export type StartRequestEcho = {
	sandbox_id: string | null;
	initial_message: {role: string; content: Record<string, unknown>[]; run: boolean} | null;
	processors: unknown[] | null;
	llm_model: string | null;
	selected_repository: string | null;
	selected_branch: string | null;
	git_provider: string | null;
	title: string | null;
	trigger: string | null;
	pr_number: number[];
	parent_conversation_id: string | null;
	agent_type: string;
};

export type StartTaskRecord = {
	id: string;
	status: StartTaskStatus;
	detail: string | null;
	appConversationId: string | null;
	sandboxId: string | null;
	agentServerUrl: string | null;
	request: StartRequestEcho;
	createdUs: Micros;
	updatedUs: Micros;
};

export type SettingsRecord = Record<string, unknown>;

type Created = {createdUs: Micros};

/** Inserts into a newest-first array, keeping it sorted (new items almost always land at index 0). */
export function insertNewestFirst<T extends Created>(items: T[], item: T): void {
	let i = 0;
	while (i < items.length && items[i]!.createdUs > item.createdUs) i++;
	items.splice(i, 0, item);
}

/** Which server the stand-in imitates (shared/openhands-api-newer.md; types.ts StandInOptions). */
export type Generation = 'legacy' | 'current';

export type StateOptions = {
	bootMs: number;
	stepMs: number;
	now: () => number;
	/** default `current` */
	generation?: Generation;
	/** the Cloud flavour (implies current) */
	cloud?: boolean;
};

/** The whole in-memory model. Lists are kept newest first so a search page is one slice. */
export class State {
	readonly specs: SpecRecord[] = [];
	readonly sandboxes: SandboxRecord[] = [];
	readonly sandboxById = new Map<string, SandboxRecord>();
	readonly conversations: ConversationRecord[] = [];
	/** conversations without a parent: what search shows by default */
	readonly topLevel: ConversationRecord[] = [];
	readonly conversationById = new Map<string, ConversationRecord>();
	readonly childrenOf = new Map<string, string[]>();
	readonly tasks: StartTaskRecord[] = [];
	readonly taskById = new Map<string, StartTaskRecord>();
	/**
	 * The one place route handlers, views and flows read which server is imitated: legacy (d6fab190)
	 * or current (sandbox-server 1.x); `cloud` is the Cloud flavour of current.
	 */
	readonly generation: Generation;
	readonly cloud: boolean;
	/** legacy: the flat `GETSettingsModel`, stored masked; current: the nested model with its secrets (masked on read) */
	settings: SettingsRecord | null = null;
	private readonly timers = new Set<NodeJS.Timeout>();
	private closed = false;

	/** closed: the server is shutting down (a request waiting on the clock gives up) */
	get isClosed(): boolean {
		return this.closed;
	}

	constructor(readonly options: StateOptions) {
		this.cloud = options.cloud ?? false;
		this.generation = this.cloud ? 'current' : (options.generation ?? 'current');
	}

	get current(): boolean {
		return this.generation === 'current';
	}

	now(): number {
		return this.options.now();
	}

	nowUs(): Micros {
		return toMicros(this.options.now());
	}

	/** A lifecycle timer that `close()` clears. */
	later(ms: number, fn: () => void): void {
		if (this.closed) return;
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			fn();
		}, ms);
		this.timers.add(timer);
	}

	close(): void {
		this.closed = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
	}

	addSandbox(sandbox: SandboxRecord): void {
		insertNewestFirst(this.sandboxes, sandbox);
		this.sandboxById.set(sandbox.id, sandbox);
	}

	removeSandbox(id: string): boolean {
		const sandbox = this.sandboxById.get(id);
		if (!sandbox) return false;
		this.sandboxById.delete(id);
		this.sandboxes.splice(this.sandboxes.indexOf(sandbox), 1);
		return true;
	}

	addConversation(conversation: ConversationRecord): void {
		insertNewestFirst(this.conversations, conversation);
		this.conversationById.set(conversation.id, conversation);
		if (conversation.parentId) {
			const siblings = this.childrenOf.get(conversation.parentId) ?? [];
			siblings.push(conversation.id);
			this.childrenOf.set(conversation.parentId, siblings);
		} else {
			insertNewestFirst(this.topLevel, conversation);
		}
	}

	/** Drops a conversation from every index; its sub-conversations stay (their parent id dangles). */
	removeConversation(id: string): ConversationRecord | undefined {
		const conversation = this.conversationById.get(id);
		if (!conversation) return undefined;
		this.conversationById.delete(id);
		this.conversations.splice(this.conversations.indexOf(conversation), 1);
		const top = this.topLevel.indexOf(conversation);
		if (top >= 0) this.topLevel.splice(top, 1);
		if (conversation.parentId) {
			const siblings = this.childrenOf.get(conversation.parentId) ?? [];
			const at = siblings.indexOf(id);
			if (at >= 0) siblings.splice(at, 1);
		}
		this.childrenOf.delete(id);
		return conversation;
	}

	/** Whether any conversation still points at the sandbox (shared sandboxes, newer doc 8.4). */
	sandboxReferenced(sandboxId: string): boolean {
		return this.conversations.some(c => c.sandboxId === sandboxId);
	}

	addTask(task: StartTaskRecord): void {
		insertNewestFirst(this.tasks, task);
		this.taskById.set(task.id, task);
	}
}
