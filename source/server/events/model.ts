import type {Micros} from '../time.js';

/**
 * A conversation event as the stand-in keeps it: generation-neutral. `wire.ts` renders it in the SDK
 * shape of the server being imitated (v1.1.0 for legacy, v1.37 for current; shared/openhands-api-newer.md 4.4).
 */
export type EventSource = 'agent' | 'user' | 'environment';
export type SecurityRisk = 'UNKNOWN' | 'LOW' | 'MEDIUM' | 'HIGH';

export type ContentItem = {type: 'text'; text: string} | {type: 'image'; image_urls: string[]};

/** What the agent asked a tool to do (the LLM's tool call, parsed). */
export type ToolCall =
	| {tool: 'terminal'; command: string; timeout: number | null}
	| {
			tool: 'file_editor';
			command: 'view' | 'create' | 'str_replace' | 'insert' | 'undo_edit';
			path: string;
			fileText?: string;
			oldStr?: string;
			newStr?: string;
			viewRange?: [number, number];
	  }
	| {tool: 'browser_navigate'; url: string}
	| {tool: 'think'; thought: string}
	| {tool: 'finish'; message: string};

export type ToolName = ToolCall['tool'];

/** What the tool answered. */
export type ToolResult =
	| {tool: 'terminal'; command: string; output: string; exitCode: number; workingDir: string}
	| {
			tool: 'file_editor';
			command: 'view' | 'create' | 'str_replace' | 'insert' | 'undo_edit';
			path: string;
			output: string;
			isError: boolean;
			prevExist: boolean;
			oldContent: string | null;
			newContent: string | null;
	  }
	| {tool: 'browser_navigate'; output: string}
	| {tool: 'think'}
	| {tool: 'finish'; message: string};

export type EventBody =
	| {kind: 'SystemPromptEvent'; prompt: string; tools: ToolName[]}
	| {kind: 'MessageEvent'; role: 'user' | 'assistant'; content: ContentItem[]; responseId: string | null}
	| {
			kind: 'ActionEvent';
			thought: string;
			call: ToolCall;
			callId: string;
			responseId: string;
			risk: SecurityRisk;
	  }
	| {kind: 'ObservationEvent'; actionId: string; callId: string; result: ToolResult}
	| {kind: 'UserRejectObservation'; actionId: string; callId: string; tool: ToolName; reason: string}
	| {kind: 'AgentErrorEvent'; callId: string; tool: ToolName; error: string}
	| {kind: 'ConversationStateUpdateEvent'; key: string; value: unknown}
	| {kind: 'ConversationErrorEvent'; code: string; detail: string}
	| {kind: 'PauseEvent'}
	| {kind: 'InterruptEvent'}
	| {kind: 'CondensationRequest'}
	| {kind: 'Condensation'; forgotten: string[]; summary: string; offset: number; responseId: string};

export type EventKind = EventBody['kind'];

export type EventRecord = {
	/** dashed lowercase uuid4 */
	readonly id: string;
	/** naive UTC, microseconds */
	readonly us: Micros;
	readonly source: EventSource;
	readonly body: EventBody;
};

/**
 * `EventKind` on the app servers: the class names of the concrete `Event` subclasses the SDK knows
 * (`event_callback_models.py`, a `Literal` built from `get_known_concrete_subclasses(Event)`).
 * The order is the class registration order as far as it could be pieced together (unconfirmed).
 */
export const LEGACY_EVENT_KINDS = [
	'Condensation',
	'CondensationRequest',
	'CondensationSummaryEvent',
	'ConversationStateUpdateEvent',
	'ConversationErrorEvent',
	'ActionEvent',
	'MessageEvent',
	'AgentErrorEvent',
	'ObservationEvent',
	'UserRejectObservation',
	'SystemPromptEvent',
	'TokenEvent',
	'PauseEvent',
] as const;

/** SDK 1.37+: the same plus the kinds added since (4.4, "+" rows). */
export const CURRENT_EVENT_KINDS = [
	...LEGACY_EVENT_KINDS,
	'InterruptEvent',
	'HookExecutionEvent',
	'LLMCompletionLogEvent',
	'StreamingDeltaEvent',
	'ACPToolCallEvent',
] as const;

/** The modules the SDK defines each kind in: the agent server's `kind` filter wants `module.Class` (4.3). */
const MODULES: Record<string, string> = {
	MessageEvent: 'openhands.sdk.event.llm_convertible.message',
	ActionEvent: 'openhands.sdk.event.llm_convertible.action',
	ObservationEvent: 'openhands.sdk.event.llm_convertible.observation',
	UserRejectObservation: 'openhands.sdk.event.llm_convertible.observation',
	AgentErrorEvent: 'openhands.sdk.event.llm_convertible.observation',
	SystemPromptEvent: 'openhands.sdk.event.llm_convertible.system',
	ConversationStateUpdateEvent: 'openhands.sdk.event.conversation_state',
	ConversationErrorEvent: 'openhands.sdk.event.conversation_error',
	PauseEvent: 'openhands.sdk.event.user_action',
	InterruptEvent: 'openhands.sdk.event.user_action',
	Condensation: 'openhands.sdk.event.condenser',
	CondensationRequest: 'openhands.sdk.event.condenser',
	CondensationSummaryEvent: 'openhands.sdk.event.condenser',
	TokenEvent: 'openhands.sdk.event.token',
};

export const qualifiedKind = (kind: string): string => `${MODULES[kind] ?? 'openhands.sdk.event'}.${kind}`;

export const SOURCE_OF: Record<EventKind, EventSource | null> = {
	SystemPromptEvent: 'agent',
	MessageEvent: null,
	ActionEvent: 'agent',
	ObservationEvent: 'environment',
	UserRejectObservation: 'environment',
	AgentErrorEvent: 'agent',
	ConversationStateUpdateEvent: 'environment',
	ConversationErrorEvent: 'environment',
	PauseEvent: 'user',
	InterruptEvent: 'user',
	CondensationRequest: 'environment',
	Condensation: 'environment',
};
