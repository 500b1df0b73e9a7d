// Which events are rows, in what order (issue 26 item 17): no `last_user_message_id` rows after every
// message, and usage lines at their time, as a real 1.43.1 run stores them (agent-server doc 6.2).
import {describe, expect, it} from 'vitest';
import {eventRows, isNoiseEvent} from '../../source/present/events/eventRows.js';
import {event} from '../ui/eventFixtures.js';

const at = (n: number) => `2026-07-30T10:15:25.${String(n).padStart(6, '0')}`;
const state = (id: string, n: number, key: string, value: unknown) => event({kind: 'ConversationStateUpdateEvent', id, timestamp: at(n), source: 'environment', key, value});
const message = (id: string, n: number) => event({kind: 'MessageEvent', id, timestamp: at(n), source: 'user', llm_message: {role: 'user', content: [{type: 'text', text: 'go'}]}});
const action = (id: string, n: number) => event({kind: 'ActionEvent', id, timestamp: at(n), source: 'agent', thought: [], action: {kind: 'TerminalAction', command: 'ls'}, tool_name: 'terminal', tool_call_id: `c-${id}`});
const output = (id: string, n: number) => event({kind: 'ObservationEvent', id, timestamp: at(n), source: 'environment', tool_name: 'terminal', tool_call_id: `c-a${id.slice(1)}`, action_id: `a${id.slice(1)}`, observation: {kind: 'TerminalObservation', content: [{type: 'text', text: 'ok'}], exit_code: 0}});
const stats = (id: string, n: number) => state(id, n, 'stats', {usage_to_metrics: {agent: {accumulated_cost: 0.01, accumulated_token_usage: {prompt_tokens: 10, completion_tokens: 2}}}});

describe('the rows of a list of events', () => {
	it('leaves out last_user_message_id updates', () => {
		const events = [message('m1', 1), state('u1', 2, 'last_user_message_id', 'm1'), state('s1', 3, 'execution_status', 'running')];
		expect(isNoiseEvent(events[1]!)).toBe(true);
		expect(isNoiseEvent(events[2]!)).toBe(false);
		expect(eventRows(events)).toEqual([0, 2]);
	});

	it('moves a usage line up to its time (stored after the observation, stamped before the action); nothing else moves', () => {
		// ActionEvent …216487, ObservationEvent …218626, then stats …215768 (ws/real-live.jsonl)
		const events = [message('m1', 100_000), action('a1', 216_487), output('o1', 218_626), stats('s1', 215_768), action('a2', 300_000), output('o2', 300_100), stats('s2', 299_000)];
		expect(eventRows(events)).toEqual([0, 3, 1, 2, 6, 4, 5]);
		// storage order otherwise, even where stamps disagree by µs
		const jitter = [state('x1', 447_564, 'execution_status', 'error'), event({kind: 'ConversationErrorEvent', id: 'e1', timestamp: at(447_038), source: 'environment', code: 'RuntimeError', detail: 'x'})];
		expect(eventRows(jitter)).toBeNull();
		// a filter keeps what it keeps, in the same order
		expect(eventRows(events, e => e.kind !== 'ObservationEvent')).toEqual([0, 3, 1, 6, 4]);
	});
});
