import {describe, expect, it} from 'vitest';
import {eventDetail} from '../../source/present/events/detail.js';
import {agentStatus, answerOf, pendingActions, pendingLine} from '../../source/present/events/pending.js';
import {pagerLines, wrapLine} from '../../source/present/events/text.js';
import {cleanLines, displayWidth} from '../../source/text/sanitize.js';
import {conversation} from '../ui/fixtures.js';
import {CURRENT, LEGACY, currentTrajectory, event, legacyTrajectory} from '../ui/eventFixtures.js';

const texts = (raw: object, answer?: object) =>
	eventDetail(event(raw as Record<string, unknown>), answer ? event(answer as Record<string, unknown>) : undefined).map(l => l.text);

describe('eventDetail (the pager content)', () => {
	it('an action: thought, the action with its risk, the command, then the full output of its observation', () => {
		const lines = texts(LEGACY.bash, LEGACY.bashOutput);
		expect(lines[0]).toBe('ActionEvent · agent · 2025-11-15 09:12:14');
		expect(lines).toContain('  Let me run the test suite first.');
		expect(lines).toContain('action ExecuteBashAction · tool terminal · risk LOW');
		expect(lines).toContain('command: pytest -q');
		const output = lines.indexOf('output (exit 1)');
		expect(lines.slice(output + 1, output + 4)).toEqual(['  2 failed, 41 passed in 3.21s', '  FAILED test_api.py::test_dates', '  [The command completed with exit code 1.]']);
	});

	it("a state update: the field it changed is named, not masked as a key (issue 26 item 17)", () => {
		const lines = texts(CURRENT.waiting);
		expect(lines).toContain('    "key": "execution_status",');
		expect(lines).toContain('    "value": "waiting_for_confirmation"');
	});

	it('edit arguments as blocks, multi-line file text with its indentation', () => {
		const lines = texts(CURRENT.pendingEdit);
		expect(lines).toContain('path: /workspace/project/src/json_out.py');
		const at = lines.indexOf('file_text');
		expect(lines.slice(at + 1, at + 5)).toEqual(['  import json', '  ', '  def dump(x):', '      return json.dumps(x)']);
	});

	it('messages in full, errors, rejections, condensation summaries', () => {
		expect(texts(LEGACY.userMessage)).toEqual(expect.arrayContaining(['message (user)', '  Run the tests and fix what fails', '  Then open a PR.']));
		expect(texts(LEGACY.agentError)).toContain('error');
		expect(texts(LEGACY.conversationError)).toContain('  litellm.AuthenticationError: invalid x-api-key');
		expect(texts(LEGACY.reject)).toContain('  Do not delete the fixtures');
		expect(texts(LEGACY.condensation)).toContain('forgotten events: 1');
		expect(texts(LEGACY.systemPrompt)).toContain('tools: terminal');
	});

	it('unknown kinds as pretty JSON with secret-looking keys masked', () => {
		const lines = texts(CURRENT.unknown);
		expect(lines).toContain('    "message": "something new",');
		expect(lines).toContain('      "api_key": "••••",');
		expect(lines.join('\n')).not.toContain('sk-live');
	});

	it('a base64 blob is described, not printed', () => {
		const lines = texts({kind: 'ObservationEvent', id: 'o', timestamp: 't', source: 'environment', observation: {kind: 'BrowserObservation', content: [{type: 'text', text: 'page'}], screenshot_data: 'A'.repeat(50_000)}});
		expect(lines).toContain('  [49 KB of data, not shown]');
	});
});

describe('pager text', () => {
	it('cleanLines keeps spacing, expands tabs, keeps a progress bar’s last state, drops escapes across lines', () => {
		expect(cleanLines('a\tb\n  c  d\r\n10%\r50%\r100%\n\x1b]0;multi\nline title\x07e\x1b[31mf')).toEqual(['a       b', '  c  d', '100%', 'ef']);
		expect(cleanLines('開\tx')).toEqual(['開      x']);
	});
	it('pagerLines cuts huge texts with a note', () => {
		const lines = pagerLines('x\n'.repeat(30_000));
		expect(lines.length).toBe(20_001);
		expect(lines.at(-1)).toBe('… 10001 more lines not shown');
	});
	it('wrapLine: rows fit the width, wide characters never straddle, prose breaks after spaces', () => {
		for (const text of ['x'.repeat(10_000), '修复了日期解析'.repeat(300), 'ab開'.repeat(500), 'word '.repeat(400)]) {
			const rows = wrapLine(text, 37);
			for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(37);
			expect(rows.join('')).toBe(text);
		}
		expect(wrapLine('the quick brown fox jumps', 10)).toEqual(['the quick ', 'brown fox ', 'jumps']);
		expect(wrapLine('', 10)).toEqual(['']);
	});
});

describe('pending actions and agent status', () => {
	it('trailing unanswered actions while waiting for confirmation (parallel calls)', () => {
		const events = currentTrajectory().slice(0, 6);
		const pending = pendingActions(events);
		expect(pending.map(e => e.id)).toEqual([CURRENT.pendingRm.id, CURRENT.pendingEdit.id]);
		expect(pending.map(pendingLine)).toEqual(['terminal $ rm -rf build/ · risk HIGH', 'file_editor create /workspace/project/src/json_out.py · risk MEDIUM']);
	});
	it('none once answered or rejected', () => {
		const answered = [...currentTrajectory().slice(0, 6), event({kind: 'UserRejectObservation', id: 'r1', timestamp: '2026-07-30T10:15:05', source: 'environment', tool_call_id: 'call_3', action_id: CURRENT.pendingEdit.id, rejection_reason: 'no'}), event({kind: 'UserRejectObservation', id: 'r2', timestamp: '2026-07-30T10:15:05', source: 'environment', tool_call_id: 'call_2', action_id: CURRENT.pendingRm.id, rejection_reason: 'no'})];
		expect(pendingActions(answered)).toEqual([]);
		expect(pendingActions(legacyTrajectory())).toEqual([]);
	});
	it('answerOf finds the observation of an action by action id or tool call id', () => {
		const events = legacyTrajectory();
		expect(answerOf(events, 2)?.id).toBe(LEGACY.bashOutput.id);
		expect(answerOf(events, 4)?.id).toBe(LEGACY.editOutput.id);
		expect(answerOf(events, 6)).toBeUndefined();
		expect(answerOf(events, 0)).toBeUndefined();
	});
	it('agentStatus: the newer of the listed status and the last state update', () => {
		const events = currentTrajectory().slice(0, 7);
		const eventTime = Date.parse('2026-07-30T10:15:04.5Z');
		expect(agentStatus(conversation({execution_status: 'running', updated_at: eventTime - 1000}), events)).toBe('waiting_for_confirmation');
		expect(agentStatus(conversation({execution_status: 'finished', updated_at: eventTime + 1000}), events)).toBe('finished');
		expect(agentStatus(conversation({execution_status: null, sandbox_status: 'PAUSED'}), events)).toBeNull();
		expect(agentStatus(undefined, events)).toBe('waiting_for_confirmation');
		expect(agentStatus(conversation({execution_status: 'idle'}), [])).toBe('idle');
	});
});
