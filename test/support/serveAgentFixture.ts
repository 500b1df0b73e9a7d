/**
 * Runs the fixture agent server (./agentFixture.ts) with a few believable conversations, for a look
 * by eye until the stand-in serves (`npx tsx test/support/serveAgentFixture.ts [key]`): prints its URL.
 */
import {startAgentFixture} from './agentFixture.js';
import {isoformat} from './eventData.js';

const key = process.argv[2] ?? null;
const server = await startAgentFixture({key});
const now = Date.now();
const text = (value: string) => [{type: 'text', text: value}];
const first = server.add({
	title: 'Fix the flaky date tests',
	status: 'waiting_for_confirmation',
	workingDir: '/home/me/dates',
	policy: {kind: 'AlwaysConfirm'},
	usage: {default: {cost: 0.4213, prompt: 48_210, completion: 5_120}, condenser: {cost: 0.012, prompt: 3000, completion: 400}},
	git: {
		'src/dates.py': ['def parse(s):\n    return s\n\n\ndef fmt(d):\n    return str(d)\n', 'from datetime import datetime\n\n\ndef parse(s):\n    return datetime.fromisoformat(s)\n\n\ndef fmt(d):\n    return d.isoformat()\n'],
		'tests/test_dates.py': [null, 'def test_parse():\n    assert parse("2026-01-01")\n'],
		'OLD.md': ['old notes\n', null],
	},
});
first.events.push(
	{id: 'e1', timestamp: isoformat(now - 60_000), source: 'user', kind: 'MessageEvent', llm_message: {role: 'user', content: text('Fix the flaky date tests')}},
	{id: 'e2', timestamp: isoformat(now - 50_000), source: 'agent', kind: 'ActionEvent', thought: text('Run the tests first'), action: {kind: 'TerminalAction', command: 'pytest -q tests/test_dates.py'}, tool_name: 'terminal', tool_call_id: 'c1', security_risk: 'LOW'},
	{id: 'e3', timestamp: isoformat(now - 45_000), source: 'environment', kind: 'ObservationEvent', tool_name: 'terminal', tool_call_id: 'c1', action_id: 'e2', observation: {kind: 'TerminalObservation', content: text('1 failed, 3 passed'), exit_code: 1}},
	{id: 'e4', timestamp: isoformat(now - 30_000), source: 'agent', kind: 'ActionEvent', thought: text('Remove the cache'), action: {kind: 'TerminalAction', command: 'rm -rf .pytest_cache'}, tool_name: 'terminal', tool_call_id: 'c2', security_risk: 'HIGH'},
	{id: 'e5', timestamp: isoformat(now - 29_000), source: 'environment', kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'waiting_for_confirmation'},
);
server.add({title: 'Write the README', status: 'finished', workingDir: '/home/me/site', usage: {default: {cost: 0.05, prompt: 9000, completion: 800}}});
server.add({title: null, status: 'idle', workingDir: '/tmp/scratch', model: 'anthropic/claude-sonnet-4-5'});
process.stdout.write(`${server.url}\n`);
