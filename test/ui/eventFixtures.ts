/**
 * Conversation events as the servers send them (shared/openhands-api-newer.md 4.4/4.5), in both
 * generations' shapes: v1.1.0 (legacy app server: full dumps, null keys kept, `ExecuteBash*`) and
 * v1.37+ (agent server: `exclude_none`, null keys dropped, `Terminal*`, `parent_id`). Parsed with
 * the client's own schema, so tests see what the store hands the UI.
 */
import {conversationEventSchema, type ConversationEvent} from '../../source/api/schemas/event.js';
import type {ActivityState} from '../../source/store/types.js';

export function event(raw: Record<string, unknown>): ConversationEvent {
	return conversationEventSchema.parse(raw);
}

const text = (t: string) => ({cache_prompt: false, type: 'text', text: t});

/** A v1.1.0 Message (null keys kept). */
function legacyMessage(role: string, t: string) {
	return {
		role,
		content: [text(t)],
		cache_enabled: false,
		vision_enabled: false,
		function_calling_enabled: false,
		tool_calls: null,
		tool_call_id: null,
		name: null,
		force_string_serializer: false,
		send_reasoning_content: false,
		reasoning_content: null,
		thinking_blocks: [],
		responses_reasoning_item: null,
	};
}

export const LEGACY = {
	systemPrompt: {kind: 'SystemPromptEvent', id: '0b6e4c0e-5f0a-4a43-9d5e-3c2b7a51e9a1', timestamp: '2025-11-15T09:12:05.104822', source: 'agent', system_prompt: text('You are OpenHands agent, a helpful AI assistant …'), tools: [{type: 'function', function: {name: 'terminal', description: 'Execute a bash command …', parameters: {type: 'object', properties: {command: {type: 'string'}}, required: ['command']}}}]},
	userMessage: {kind: 'MessageEvent', id: '6f1c9a2e-2b7d-4c1e-8a55-0d1f3e9b7c44', timestamp: '2025-11-15T09:12:10.481233', source: 'user', llm_message: legacyMessage('user', 'Run the tests and fix what fails\nThen open a PR.'), llm_response_id: null, activated_skills: [], extended_content: []},
	bash: {kind: 'ActionEvent', id: 'a3d2f6b1-7e44-4f0c-9b1a-55e2c8d0f913', timestamp: '2025-11-15T09:12:14.027611', source: 'agent', thought: [text('Let me run the test suite first.')], reasoning_content: null, thinking_blocks: [], responses_reasoning_item: null, action: {kind: 'ExecuteBashAction', command: 'pytest -q', is_input: false, timeout: null, reset: false}, tool_name: 'terminal', tool_call_id: 'toolu_01XyZ9kQ2mN4', tool_call: {id: 'toolu_01XyZ9kQ2mN4', name: 'terminal', arguments: '{"command": "pytest -q"}', origin: 'completion'}, llm_response_id: 'chatcmpl-9f8e7d6c', security_risk: 'LOW'},
	bashOutput: {kind: 'ObservationEvent', id: 'c0b1d2e3-4f56-4789-8abc-def012345678', timestamp: '2025-11-15T09:12:19.730002', source: 'environment', tool_name: 'terminal', tool_call_id: 'toolu_01XyZ9kQ2mN4', observation: {kind: 'ExecuteBashObservation', content: [text('2 failed, 41 passed in 3.21s\nFAILED test_api.py::test_dates\n[The command completed with exit code 1.]')], is_error: false, command: 'pytest -q', exit_code: 1, timeout: false, metadata: {exit_code: 1, pid: -1, username: 'openhands', hostname: 'runtime', working_dir: '/workspace/project', py_interpreter_path: '/usr/bin/python', prefix: '', suffix: '\n[The command completed with exit code 1.]'}}, action_id: 'a3d2f6b1-7e44-4f0c-9b1a-55e2c8d0f913'},
	edit: {kind: 'ActionEvent', id: 'e1e1e1e1-0000-4000-8000-000000000001', timestamp: '2025-11-15T09:12:30.000001', source: 'agent', thought: [], reasoning_content: null, thinking_blocks: [], responses_reasoning_item: null, action: {kind: 'FileEditorAction', command: 'str_replace', path: '/workspace/project/app/dates.py', file_text: null, old_str: 'fromisoformat(s)', new_str: 'fromisoformat(s.replace("Z", "+00:00"))', insert_line: null, view_range: null}, tool_name: 'file_editor', tool_call_id: 'toolu_02', tool_call: {id: 'toolu_02', name: 'file_editor', arguments: '{}', origin: 'completion'}, llm_response_id: 'chatcmpl-1', security_risk: 'MEDIUM'},
	editOutput: {kind: 'ObservationEvent', id: 'e1e1e1e1-0000-4000-8000-000000000002', timestamp: '2025-11-15T09:12:31.000001', source: 'environment', tool_name: 'file_editor', tool_call_id: 'toolu_02', observation: {kind: 'FileEditorObservation', content: [text('The file /workspace/project/app/dates.py has been edited.')], is_error: false, command: 'str_replace', path: '/workspace/project/app/dates.py', prev_exist: true, old_content: 'a', new_content: 'b'}, action_id: 'e1e1e1e1-0000-4000-8000-000000000001'},
	browse: {kind: 'ActionEvent', id: 'b0b0b0b0-0000-4000-8000-000000000001', timestamp: '2025-11-15T09:12:40.000001', source: 'agent', thought: [], reasoning_content: null, thinking_blocks: [], responses_reasoning_item: null, action: {kind: 'BrowserNavigateAction', url: 'https://docs.python.org/3/library/datetime.html?token=s3cr3tvalue', new_tab: false}, tool_name: 'browser_navigate', tool_call_id: 'toolu_03', tool_call: {id: 'toolu_03', name: 'browser_navigate', arguments: '{}', origin: 'completion'}, llm_response_id: 'chatcmpl-2', security_risk: 'LOW'},
	reject: {kind: 'UserRejectObservation', id: '5d4c3b2a-1f0e-4d9c-8b7a-6e5f4d3c2b1a', timestamp: '2025-11-15T09:13:02.118000', source: 'environment', tool_name: 'terminal', tool_call_id: 'toolu_01Q8', rejection_reason: 'Do not delete the fixtures', action_id: '9e8d7c6b-5a49-4382-a716-151413121110'},
	agentError: {kind: 'AgentErrorEvent', id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', timestamp: '2025-11-15T09:13:30.500100', source: 'agent', tool_name: 'file_editor', tool_call_id: 'toolu_01R2', error: 'Error validating args {"command": "vieww"} for tool \'file_editor\': …'},
	waiting: {kind: 'ConversationStateUpdateEvent', id: '77aa88bb-99cc-4dde-8eff-001122334455', timestamp: '2025-11-15T09:13:31.000200', source: 'environment', key: 'execution_status', value: 'waiting_for_confirmation'},
	pause: {kind: 'PauseEvent', id: '0f0e0d0c-0b0a-4908-8706-050403020100', timestamp: '2025-11-15T09:14:00.000300', source: 'user'},
	condensation: {kind: 'Condensation', id: 'abcdefab-cdef-4abc-8def-abcdefabcdef', timestamp: '2025-11-15T10:02:11.200400', source: 'environment', forgotten_event_ids: ['6f1c9a2e-2b7d-4c1e-8a55-0d1f3e9b7c44'], summary: 'The user asked to fix failing tests; two tests in test_api.py failed …', summary_offset: 1, llm_response_id: 'chatcmpl-aa11'},
	condensationRequest: {kind: 'CondensationRequest', id: '12121212-3434-4565-8787-909090909090', timestamp: '2025-11-15T10:02:10.000500', source: 'environment'},
	conversationError: {kind: 'ConversationErrorEvent', id: '34343434-5656-4787-8989-010101010101', timestamp: '2025-11-15T10:05:00.000600', source: 'environment', code: 'LLMAuthenticationError', detail: 'litellm.AuthenticationError: invalid x-api-key'},
	token: {kind: 'TokenEvent', id: '56565656-7878-4989-8a8a-121212121212', timestamp: '2025-11-15T10:06:00.000700', source: 'agent', prompt_token_ids: [1, 2, 3], response_token_ids: [4, 5]},
	finish: {kind: 'ActionEvent', id: 'f1f1f1f1-0000-4000-8000-000000000001', timestamp: '2025-11-15T10:07:00.000001', source: 'agent', thought: [], reasoning_content: null, thinking_blocks: [], responses_reasoning_item: null, action: {kind: 'FinishAction', message: 'Fixed the date parsing; all 43 tests pass.\nPR: #13'}, tool_name: 'finish', tool_call_id: 'toolu_09', tool_call: {id: 'toolu_09', name: 'finish', arguments: '{}', origin: 'completion'}, llm_response_id: 'chatcmpl-9', security_risk: 'UNKNOWN'},
	agentMessage: {kind: 'MessageEvent', id: 'a9a9a9a9-0000-4000-8000-000000000001', timestamp: '2025-11-15T10:07:01.000001', source: 'agent', llm_message: legacyMessage('assistant', 'Done. All tests pass now.'), llm_response_id: 'chatcmpl-10', activated_skills: [], extended_content: []},
	finished: {kind: 'ConversationStateUpdateEvent', id: 'f2f2f2f2-0000-4000-8000-000000000001', timestamp: '2025-11-15T10:07:02.000001', source: 'environment', key: 'execution_status', value: 'finished'},
} as const;

/** v1.37+ agent-server shapes: null keys dropped, `Terminal*` classes, `parent_id`, `summary`. */
export const CURRENT = {
	userMessage: {kind: 'MessageEvent', id: '11111111-0000-4000-8000-000000000001', timestamp: '2026-07-30T10:15:00.518233', source: 'user', parent_id: '__root__', llm_message: {role: 'user', content: [text('Add a --json flag')], thinking_blocks: []}, activated_skills: [], extended_content: []},
	running: {kind: 'ConversationStateUpdateEvent', id: '11111111-0000-4000-8000-000000000002', timestamp: '2026-07-30T10:15:01.000000', source: 'environment', key: 'execution_status', value: 'running'},
	terminal: {kind: 'ActionEvent', id: '11111111-0000-4000-8000-000000000003', timestamp: '2026-07-30T10:15:02.518233', source: 'agent', parent_id: '11111111-0000-4000-8000-000000000001', thought: [text('Look at the CLI first')], thinking_blocks: [], action: {kind: 'TerminalAction', command: 'grep -rn argparse src/', is_input: false, reset: false}, tool_name: 'terminal', tool_call_id: 'call_1', tool_call: {id: 'call_1', name: 'terminal', arguments: '{"command":"grep -rn argparse src/"}', origin: 'completion'}, llm_response_id: 'resp_1', security_risk: 'LOW', summary: 'Search for argparse usage'},
	terminalOutput: {kind: 'ObservationEvent', id: '11111111-0000-4000-8000-000000000004', timestamp: '2026-07-30T10:15:03.000000', source: 'environment', parent_id: '11111111-0000-4000-8000-000000000003', tool_name: 'terminal', tool_call_id: 'call_1', observation: {kind: 'TerminalObservation', content: [text('\nsrc/cli.py:3:import argparse\n[The command completed with exit code 0.]')], is_error: false, command: 'grep -rn argparse src/', exit_code: 0, timeout: false, metadata: {exit_code: 0, working_dir: '/workspace/project'}}, action_id: '11111111-0000-4000-8000-000000000003'},
	pendingRm: {kind: 'ActionEvent', id: '11111111-0000-4000-8000-000000000005', timestamp: '2026-07-30T10:15:04.000000', source: 'agent', parent_id: '11111111-0000-4000-8000-000000000004', thought: [text('Clean the build dir')], thinking_blocks: [], action: {kind: 'TerminalAction', command: 'rm -rf build/', is_input: false, reset: false}, tool_name: 'terminal', tool_call_id: 'call_2', tool_call: {id: 'call_2', name: 'terminal', arguments: '{"command":"rm -rf build/"}', origin: 'completion'}, llm_response_id: 'resp_2', security_risk: 'HIGH'},
	pendingEdit: {kind: 'ActionEvent', id: '11111111-0000-4000-8000-000000000006', timestamp: '2026-07-30T10:15:04.000100', source: 'agent', parent_id: '11111111-0000-4000-8000-000000000004', thought: [], thinking_blocks: [], action: {kind: 'FileEditorAction', command: 'create', path: '/workspace/project/src/json_out.py', file_text: 'import json\n\ndef dump(x):\n    return json.dumps(x)\n'}, tool_name: 'file_editor', tool_call_id: 'call_3', tool_call: {id: 'call_3', name: 'file_editor', arguments: '{}', origin: 'completion'}, llm_response_id: 'resp_2', security_risk: 'MEDIUM'},
	waiting: {kind: 'ConversationStateUpdateEvent', id: '11111111-0000-4000-8000-000000000007', timestamp: '2026-07-30T10:15:04.500000', source: 'environment', key: 'execution_status', value: 'waiting_for_confirmation'},
	interrupt: {kind: 'InterruptEvent', id: '11111111-0000-4000-8000-000000000008', timestamp: '2026-07-30T10:16:00.000000', source: 'user'},
	hook: {kind: 'HookExecutionEvent', id: '11111111-0000-4000-8000-000000000009', timestamp: '2026-07-30T10:16:01.000000', source: 'hook', hook_event_type: 'PreToolUse', hook_command: './check.sh', success: false, blocked: true, exit_code: 2, stdout: '', stderr: 'nope', reason: 'blocked by policy'},
	unknown: {kind: 'FancyFutureEvent', id: '11111111-0000-4000-8000-00000000000a', timestamp: '2026-07-30T10:16:02.000000', source: 'agent', message: 'something new', nested: {api_key: 'sk-live-abcdef123456', depth: 2}},
} as const;

export const legacyTrajectory = (): ConversationEvent[] => Object.values(LEGACY).map(raw => event(raw as unknown as Record<string, unknown>));
export const currentTrajectory = (): ConversationEvent[] => Object.values(CURRENT).map(raw => event(raw as unknown as Record<string, unknown>));

/** `n` events in a believable cycle (message, action, observation), ids and times increasing. */
export function manyEvents(n: number, start = Date.parse('2025-11-15T08:00:00Z')): ConversationEvent[] {
	return Array.from({length: n}, (_, i) => {
		const id = `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
		const timestamp = new Date(start + i * 1000).toISOString().replace('Z', '').padEnd(26, '0');
		switch (i % 3) {
			case 0:
				return event({kind: 'ActionEvent', id, timestamp, source: 'agent', thought: [], action: {kind: 'TerminalAction', command: `echo step ${i}`}, tool_name: 'terminal', tool_call_id: `call_${i}`});
			case 1:
				return event({kind: 'ObservationEvent', id, timestamp, source: 'environment', tool_name: 'terminal', tool_call_id: `call_${i - 1}`, observation: {kind: 'TerminalObservation', content: [text(`step ${i - 1} output`)], is_error: false, exit_code: 0}, action_id: `00000000-0000-4000-8000-${(i - 1).toString(16).padStart(12, '0')}`});
			default:
				return event({kind: 'MessageEvent', id, timestamp, source: 'agent', llm_message: {role: 'assistant', content: [text(`Message number ${i}`)]}});
		}
	});
}

/** The store's activity for a conversation, loaded and following. */
export function activityState(conversationId: string, events: readonly ConversationEvent[], overrides: Partial<ActivityState> = {}): ActivityState {
	return {conversationId, events, hasOlder: false, loadingOlder: false, following: true, loading: false, error: null, fetchedAt: Date.parse('2025-11-15T10:00:00Z'), ...overrides};
}
