import {formatNaive} from '../time.js';
import type {ContentItem, EventBody, EventRecord, ToolCall, ToolResult} from './model.js';
import {TOOL_CLASSES, TOOL_DESCRIPTIONS, TOOL_PARAMETERS} from './texts.js';

/**
 * Which SDK's event classes to imitate: `sdk1.1` is what legacy servers (OpenHands d6fab190) pin,
 * `sdk1.37` what sandbox-server 1.x pins (shared/openhands-api-newer.md 0, 4.4). Keys are in the
 * declaration order pydantic dumps them in, `kind` first; nulls are kept here (`dropNulls` is for
 * the agent server's `exclude_none` search on 1.37+, 4.3).
 */
export type Shape = 'sdk1.1' | 'sdk1.37';

type Json = Record<string, unknown>;

const text = (value: string) => ({cache_prompt: false, type: 'text', text: value});

function contentItem(item: ContentItem) {
	return item.type === 'text' ? text(item.text) : {cache_prompt: false, type: 'image', image_urls: item.image_urls};
}

/** `Message` (llm/message.py): 1.1 carries five booleans that later SDKs dropped. */
function llmMessage(shape: Shape, role: string, content: ContentItem[]): Json {
	const head = {role, content: content.map(contentItem)};
	const legacyFlags =
		shape === 'sdk1.1'
			? {cache_enabled: false, vision_enabled: false, function_calling_enabled: false}
			: {};
	const tail = {tool_calls: null, tool_call_id: null, name: null};
	const legacyTail = shape === 'sdk1.1' ? {force_string_serializer: false, send_reasoning_content: false} : {};
	return {
		...head,
		...legacyFlags,
		...tail,
		...legacyTail,
		reasoning_content: null,
		thinking_blocks: [],
		responses_reasoning_item: null,
	};
}

/** Python's `json.dumps` (", " and ": " separators, non-ASCII escaped): how tool call arguments read. */
export function pyDumps(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (typeof value === 'string') {
		return JSON.stringify(value).replace(/[\u0080-\uffff]/g, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
	}
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (Array.isArray(value)) return `[${value.map(pyDumps).join(', ')}]`;
	const parts = Object.entries(value as Json)
		.filter(([, v]) => v !== undefined)
		.map(([k, v]) => `${pyDumps(k)}: ${pyDumps(v)}`);
	return `{${parts.join(', ')}}`;
}

/** What the LLM sent as arguments: only the fields it chose to give. */
function callArguments(call: ToolCall): Json {
	switch (call.tool) {
		case 'terminal':
			return call.timeout === null ? {command: call.command} : {command: call.command, timeout: call.timeout};
		case 'file_editor':
			return {
				command: call.command,
				path: call.path,
				file_text: call.fileText,
				old_str: call.oldStr,
				new_str: call.newStr,
				view_range: call.viewRange,
			};
		case 'browser_navigate':
			return {url: call.url};
		case 'think':
			return {thought: call.thought};
		case 'finish':
			return {message: call.message};
	}
}

function action(shape: Shape, call: ToolCall): Json {
	switch (call.tool) {
		case 'terminal':
			return {
				kind: shape === 'sdk1.1' ? 'ExecuteBashAction' : 'TerminalAction',
				command: call.command,
				is_input: false,
				timeout: call.timeout,
				reset: false,
			};
		case 'file_editor':
			return {
				kind: 'FileEditorAction',
				command: call.command,
				path: call.path,
				file_text: call.fileText ?? null,
				old_str: call.oldStr ?? null,
				new_str: call.newStr ?? null,
				insert_line: null,
				view_range: call.viewRange ?? null,
			};
		case 'browser_navigate':
			return {kind: 'BrowserNavigateAction', url: call.url, new_tab: false};
		case 'think':
			return {kind: 'ThinkAction', thought: call.thought};
		case 'finish':
			return {kind: 'FinishAction', message: call.message};
	}
}

/** The terminal's PS1 metadata; keys as the 4.5 example shows them (illustrative there, unconfirmed). */
function terminalMetadata(exitCode: number, workingDir: string) {
	return {
		exit_code: exitCode,
		pid: -1,
		username: 'openhands',
		hostname: 'runtime',
		working_dir: workingDir,
		py_interpreter_path: '/usr/bin/python',
		prefix: '',
		suffix: `\n[The command completed with exit code ${exitCode}.]`,
	};
}

function observation(shape: Shape, result: ToolResult): Json {
	const current = shape === 'sdk1.37';
	switch (result.tool) {
		case 'terminal': {
			const suffix = `\n[The command completed with exit code ${result.exitCode}.]`;
			return {
				kind: current ? 'TerminalObservation' : 'ExecuteBashObservation',
				content: [text(result.output + suffix)],
				is_error: false,
				command: result.command,
				exit_code: result.exitCode,
				timeout: false,
				metadata: terminalMetadata(result.exitCode, result.workingDir),
				...(current ? {full_output_save_dir: null} : {}),
			};
		}
		case 'file_editor':
			return {
				kind: 'FileEditorObservation',
				content: [text(result.output)],
				is_error: result.isError,
				command: result.command,
				path: result.path,
				prev_exist: result.prevExist,
				old_content: result.oldContent,
				new_content: result.newContent,
			};
		case 'browser_navigate':
			return {
				kind: 'BrowserObservation',
				content: [text(result.output)],
				is_error: false,
				screenshot_data: null,
				...(current ? {full_output_save_dir: null} : {}),
			};
		case 'think':
			return {kind: 'ThinkObservation', content: [text('Your thought has been logged.')], is_error: false};
		case 'finish':
			return {kind: 'FinishObservation', content: [text(result.message)], is_error: false};
	}
}

function systemTools(shape: Shape, tools: readonly ToolCall['tool'][]) {
	if (shape === 'sdk1.1') {
		return tools.map(name => ({
			type: 'function',
			function: {name, description: TOOL_DESCRIPTIONS[name], parameters: TOOL_PARAMETERS[name]},
		}));
	}
	// 1.37+: `ToolDefinition` dumps instead of OpenAI params (4.4)
	return tools.map(name => ({
		kind: TOOL_CLASSES[name],
		description: TOOL_DESCRIPTIONS[name],
		annotations: {title: name, readOnlyHint: false, destructiveHint: name !== 'think', idempotentHint: false, openWorldHint: name !== 'file_editor'},
	}));
}

function bodyFields(shape: Shape, body: EventBody): Json {
	const current = shape === 'sdk1.37';
	switch (body.kind) {
		case 'SystemPromptEvent':
			return {
				system_prompt: text(body.prompt),
				tools: systemTools(shape, body.tools),
				...(current ? {dynamic_context: null} : {}),
			};
		case 'MessageEvent':
			return {
				llm_message: llmMessage(shape, body.role, body.content),
				llm_response_id: body.responseId,
				activated_skills: [],
				extended_content: [],
				...(current ? {sender: null, critic_result: null} : {}),
			};
		case 'ActionEvent':
			return {
				thought: body.thought ? [text(body.thought)] : [],
				reasoning_content: null,
				thinking_blocks: [],
				responses_reasoning_item: null,
				action: action(shape, body.call),
				tool_name: body.call.tool,
				tool_call_id: body.callId,
				tool_call: {
					id: body.callId,
					name: body.call.tool,
					arguments: pyDumps(callArguments(body.call)),
					origin: 'completion',
					...(current ? {responses_item_id: null} : {}),
				},
				llm_response_id: body.responseId,
				security_risk: body.risk,
				...(current ? {critic_result: null, summary: null} : {}),
			};
		case 'ObservationEvent':
			return {
				tool_name: body.result.tool,
				tool_call_id: body.callId,
				observation: observation(shape, body.result),
				action_id: body.actionId,
				...(current ? {extended_content: []} : {}),
			};
		case 'UserRejectObservation':
			return {
				tool_name: body.tool,
				tool_call_id: body.callId,
				rejection_reason: body.reason,
				action_id: body.actionId,
				...(current ? {rejection_source: 'user'} : {}),
			};
		case 'AgentErrorEvent':
			return {
				tool_name: body.tool,
				tool_call_id: body.callId,
				error: body.error,
				...(current ? {classification: null} : {}),
			};
		case 'ConversationStateUpdateEvent':
			return {key: body.key, value: body.value};
		case 'ConversationErrorEvent':
			return {code: body.code, detail: body.detail, ...(current ? {classification: null} : {})};
		case 'Condensation':
			return {
				forgotten_event_ids: body.forgotten,
				summary: body.summary,
				summary_offset: body.offset,
				llm_response_id: body.responseId,
			};
		case 'PauseEvent':
		case 'InterruptEvent':
		case 'CondensationRequest':
			return {};
	}
}

/** One event as the SDK dumps it (`model_dump(mode="json")`): nulls kept. */
export function wireEvent(record: EventRecord, shape: Shape): Json {
	return {
		kind: record.body.kind,
		id: record.id,
		timestamp: formatNaive(record.us),
		source: record.source,
		// `parent_id` arrived after 1.1.0 (4.4)
		...(shape === 'sdk1.37' ? {parent_id: null} : {}),
		...bodyFields(shape, record.body),
	};
}

/** `exclude_none=True` is recursive over models; list items stay. */
export function dropNulls(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(dropNulls);
	if (value === null || typeof value !== 'object') return value;
	const out: Json = {};
	for (const [key, item] of Object.entries(value as Json)) {
		if (item !== null && item !== undefined) out[key] = dropNulls(item);
	}
	return out;
}
