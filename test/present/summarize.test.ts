import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {summarizeEvent} from '../../source/present/events/summarize.js';
import {eventClock, eventEpoch} from '../../source/present/time.js';
import {displayWidth} from '../../source/text/sanitize.js';
import {CURRENT, LEGACY, event, legacyTrajectory} from '../ui/eventFixtures.js';

const CONTROL = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const line = (raw: object) => summarizeEvent(event(raw as Record<string, unknown>));

/** The same event as an agent server >= 1.37 sends it: every null key dropped, at any depth. */
function dropNulls(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(dropNulls);
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, dropNulls(v)]));
	return value;
}

describe('summarizeEvent: v1.1.0 shapes (legacy app server, null keys kept)', () => {
	const cases: Array<[keyof typeof LEGACY, string, string, string | undefined]> = [
		['systemPrompt', 'agent', 'system prompt (1 tool)', 'muted'],
		['userMessage', 'user', 'Run the tests and fix what fails …', 'accent'],
		['bash', 'agent', '$ pytest -q', undefined],
		['bashOutput', 'environment', 'exit 1 · 2 failed, 41 passed in 3.21s …', 'warn'],
		['edit', 'agent', 'edit /workspace/project/app/dates.py (replace)', undefined],
		['editOutput', 'environment', 'file edited /workspace/project/app/dates.py', undefined],
		['browse', 'agent', 'browse https://docs.python.org/3/library/datetime.html?token=••••', undefined],
		['reject', 'environment', 'rejected terminal: Do not delete the fixtures', 'warn'],
		['agentError', 'agent', 'file_editor error: Error validating args {"command": "vieww"} for tool \'file_editor\': …', 'error'],
		['waiting', 'environment', 'status waiting_for_confirmation', 'warn'],
		['pause', 'user', 'paused the agent', 'warn'],
		['condensation', 'environment', 'condensed 1 event: The user asked to fix failing tests; two tests in test_api.py failed …', 'muted'],
		['condensationRequest', 'environment', 'condensation requested', 'muted'],
		['conversationError', 'environment', 'LLMAuthenticationError: litellm.AuthenticationError: invalid x-api-key', 'error'],
		['token', 'agent', 'tokens: 3 prompt, 2 response', 'muted'],
		['finish', 'agent', 'finish: Fixed the date parsing; all 43 tests pass. …', 'ok'],
		['agentMessage', 'agent', 'Done. All tests pass now.', undefined],
		['finished', 'environment', 'status finished', 'ok'],
	];
	for (const [name, who, text, tone] of cases) {
		it(`${name}: ${text}`, () => {
			const s = line(LEGACY[name]);
			expect(s.who).toBe(who);
			expect(s.text).toBe(text);
			expect(s.tone).toBe(tone);
		});
		it(`${name}: the same line with null keys dropped (v1.37+ exclude_none)`, () => {
			expect(line(dropNulls(LEGACY[name]) as object)).toEqual(line(LEGACY[name]));
		});
	}

	it('only non-error tool outputs count as observations (the toggle hides them)', () => {
		const hidden = legacyTrajectory().filter(e => summarizeEvent(e).observation).map(e => e.kind);
		expect(hidden).toEqual(['ObservationEvent', 'ObservationEvent']);
		expect(line({...LEGACY.bashOutput, observation: {...LEGACY.bashOutput.observation, is_error: true}}).observation).toBe(false);
	});

	it('a state update carries its status for transitions', () => {
		expect(line(LEGACY.waiting).status).toBe('waiting_for_confirmation');
		expect(line({...LEGACY.waiting, key: 'full_state', value: {execution_status: 'running', agent: {}}})).toMatchObject({status: 'running', text: 'state snapshot (status running)'});
		// a policy reads as the activity header says it (issue 16 §1)
		expect(line({...LEGACY.waiting, key: 'confirmation_policy', value: {kind: 'AlwaysConfirm'}}).text).toBe('confirmation: always confirm');
		expect(line({...LEGACY.waiting, key: 'max_iterations', value: 50}).text).toBe('max_iterations: 50');
	});
});

describe('summarizeEvent: v1.37+ shapes', () => {
	it('terminal action and observation (leading blank line, exit 0)', () => {
		expect(line(CURRENT.terminal).text).toBe('$ grep -rn argparse src/');
		expect(line(CURRENT.terminalOutput)).toMatchObject({text: 'exit 0 · src/cli.py:3:import argparse', tone: undefined, observation: true});
	});
	it('file creation, interrupt, hook, unknown kinds', () => {
		expect(line(CURRENT.pendingEdit).text).toBe('create /workspace/project/src/json_out.py');
		expect(line(CURRENT.interrupt).text).toBe('interrupted the agent');
		expect(line(CURRENT.hook)).toMatchObject({who: 'hook', text: 'hook PreToolUse: ./check.sh → blocked', tone: 'error'});
		expect(line(CURRENT.unknown)).toMatchObject({text: 'FancyFutureEvent: something new', tone: 'muted'});
		expect(line({kind: 'Mystery', id: 'x', timestamp: 't'})).toMatchObject({who: '—', text: 'Mystery'});
	});
	it('actions of many tools', () => {
		const action = (a: object, extra: object = {}) => line({kind: 'ActionEvent', id: 'a', timestamp: '2026-01-01T00:00:00', source: 'agent', action: a, tool_name: 'x', ...extra}).text;
		expect(action({kind: 'FileEditorAction', command: 'view', path: '/a.py', view_range: [10, 40]})).toBe('view /a.py:10-40');
		expect(action({kind: 'FileEditorAction', command: 'insert', path: '/a.py', insert_line: 3})).toBe('edit /a.py (insert after line 3)');
		expect(action({kind: 'FileEditorAction', command: 'undo_edit', path: '/a.py'})).toBe('undo the last edit of /a.py');
		expect(action({kind: 'TerminalAction', command: 'y', is_input: true})).toBe('input: y');
		expect(action({kind: 'TerminalAction', command: '', reset: true})).toBe('reset the terminal');
		expect(action({kind: 'ThinkAction', thought: 'Maybe the parser\nis wrong'})).toBe('think: Maybe the parser …');
		expect(action({kind: 'TaskTrackerAction', command: 'plan', task_list: [{}, {}]})).toBe('tasks: plan (2 tasks)');
		expect(action({kind: 'GrepAction', pattern: 'TODO', path: 'src'})).toBe('grep TODO in src');
		expect(action({kind: 'GlobAction', pattern: '**/*.py'})).toBe('glob **/*.py');
		expect(action({kind: 'BrowserClickAction', index: 4})).toBe('browser click #4');
		expect(action({kind: 'BrowserTypeAction', index: 2, text: 'hunter2'})).toBe('browser type #2');
		expect(action({kind: 'BrowserGetStateAction'})).toBe('browser get state');
		expect(action({kind: 'ApplyPatchAction', patch: '*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** Add File: b.py\n'})).toBe('apply patch: a.py, b.py');
		expect(action({kind: 'DelegateAction', command: 'spawn', ids: ['r1', 'r2']})).toBe('delegate: spawn r1, r2');
		expect(action({kind: 'MCPToolAction', data: {}}, {tool_name: 'fetch_fetch'})).toBe('fetch_fetch');
		expect(action({kind: 'SwitchLLMAction', name: 'fast'}, {tool_name: null})).toBe('SwitchLLM: fast');
	});
	it('an action that could not be parsed shows the thought', () => {
		const base = {kind: 'ActionEvent', id: 'a', timestamp: '2026-01-01T00:00:00', source: 'agent', action: null, tool_name: 'terminal'};
		expect(line({...base, thought: [{type: 'text', text: 'I should look at the logs'}]})).toMatchObject({text: 'thought: I should look at the logs', tone: 'muted'});
		expect(line({...base, thought: []})).toMatchObject({text: 'terminal call could not be read', tone: 'warn'});
	});
	it('observations: timeout, still running, editor error, images, other tools', () => {
		const obs = (o: object) => line({kind: 'ObservationEvent', id: 'o', timestamp: '2026-01-01T00:00:00', source: 'environment', tool_name: 't', observation: o});
		expect(obs({kind: 'TerminalObservation', content: [{type: 'text', text: 'partial'}], is_error: false, exit_code: -1, timeout: true}).text).toBe('timed out · partial');
		expect(obs({kind: 'TerminalObservation', content: [{type: 'text', text: 'waiting for input'}], exit_code: -1}).text).toBe('waiting for input');
		expect(obs({kind: 'TerminalObservation', content: [{type: 'text', text: '[The command completed with exit code 0.]'}], exit_code: 0}).text).toBe('exit 0 · (no output)');
		expect(obs({kind: 'FileEditorObservation', content: [{type: 'text', text: 'No such file: /x'}], is_error: true, command: 'view', path: '/x'})).toMatchObject({text: 'No such file: /x', tone: 'error', observation: false});
		expect(obs({kind: 'BrowserObservation', content: [{type: 'image', image_urls: ['data:', 'data:']}]}).text).toBe('[image ×2]');
		expect(obs({kind: 'ThinkObservation', content: [{type: 'text', text: 'Your thought has been logged.'}]}).text).toBe('Your thought has been logged.');
	});
});

describe('summarizeEvent: hostile strings', () => {
	it('escape sequences never reach the line', () => {
		const s = line({...LEGACY.bash, action: {kind: 'ExecuteBashAction', command: 'ls\x1b]0;pwned\x07 \x1b[2J\x9b31m-la\u202e'}});
		expect(s.text).toBe('$ ls -la');
		const out = line({...LEGACY.bashOutput, observation: {...LEGACY.bashOutput.observation, content: [{type: 'text', text: '\x1b[31mred\x1b[0m\r\n'}]}});
		expect(out.text).toBe('exit 1 · red');
	});
	it('a 10,000-character line is cut long before the row, a 10,000-line output costs one line', () => {
		const long = line({...LEGACY.userMessage, llm_message: {role: 'user', content: [{type: 'text', text: 'x'.repeat(10_000)}]}});
		expect(long.text.length).toBeLessThanOrEqual(4000);
		const many = line({...LEGACY.bashOutput, observation: {...LEGACY.bashOutput.observation, content: [{type: 'text', text: '\n'.repeat(5000) + 'late\n'.repeat(10_000)}]}});
		expect(many.text).toBe('exit 1 · (no output)');
	});
	it('CJK keeps its characters (cut by the view, by columns)', () => {
		const s = line({...LEGACY.agentMessage, llm_message: {role: 'assistant', content: [{type: 'text', text: '修复了日期解析 ✅'}]}});
		expect(s.text).toBe('修复了日期解析 ✅');
		expect(displayWidth(s.text)).toBe(17);
	});
	it('any shape and any string: never throws, never a control character', () => {
		const anyText = fc.string({unit: fc.constantFrom('a', ' ', '\n', '\r', '\t', '\x1b', '[', ']', '\x07', '\x9b', '開', '\u202e', '\u200b', '0', 'm'), maxLength: 40});
		const anyValue = fc.oneof(anyText, fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.record({type: fc.constant('text'), text: anyText})));
		const kinds = fc.constantFrom('MessageEvent', 'ActionEvent', 'ObservationEvent', 'AgentErrorEvent', 'ConversationErrorEvent', 'ConversationStateUpdateEvent', 'UserRejectObservation', 'Condensation', 'HookExecutionEvent', 'ACPToolCallEvent', 'Whatever\x1b[2J');
		fc.assert(
			fc.property(kinds, anyText, fc.dictionary(fc.constantFrom('llm_message', 'action', 'observation', 'error', 'detail', 'code', 'key', 'value', 'tool_name', 'summary', 'thought', 'title', 'status', 'message'), fc.oneof(anyValue, fc.record({kind: fc.constantFrom('TerminalAction', 'FileEditorAction', 'TerminalObservation', 'X'), command: anyValue, content: anyValue, path: anyValue, role: anyValue, exit_code: anyValue}))), (kind, source, fields) => {
				const s = line({...fields, kind, id: 'i', timestamp: 't', source});
				expect(s.text).not.toMatch(CONTROL);
				expect(s.who).not.toMatch(CONTROL);
			}),
			{numRuns: 400},
		);
	});
});

describe('event times', () => {
	it('wall time as sent; relative times read naive timestamps as UTC', () => {
		expect(eventClock('2025-11-15T09:12:05.104822')).toBe('09:12:05');
		expect(eventClock('garbage\x1b[2J')).toBe('garbage');
		expect(eventEpoch('2025-11-15T09:12:05.104822')).toBe(Date.parse('2025-11-15T09:12:05.104Z'));
		expect(eventEpoch('2025-11-15T09:12:05+02:00')).toBe(Date.parse('2025-11-15T07:12:05Z'));
		expect(eventEpoch('yesterday')).toBeNull();
	});
});
