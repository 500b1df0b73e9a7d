import {describe, expect, it} from 'vitest';
import type {ConversationEvent} from '../../../source/api/schemas/index.js';
import {freshOnly, isPersisted, latestExecutionStatus, mergeEvents, trimWindow} from '../../../source/store/activity/activityWindow.js';

function event(id: string, timestamp: string, kind = 'MessageEvent', raw: Record<string, unknown> = {}): ConversationEvent {
	return {id, kind, timestamp, source: 'agent', raw: {id, kind, timestamp, ...raw}};
}

const at = (n: number) => event(`e${n}`, `2025-11-15T09:00:${String(n).padStart(2, '0')}.000500`);
const range = (from: number, to: number) => Array.from({length: to - from}, (_, i) => at(from + i));

describe('the event window', () => {
	it('puts fresh events on their side in the order given, never re-sorted by time (storage / arrival order)', () => {
		const held = range(10, 20);
		expect(mergeEvents(held, range(20, 22), 'newer').map(e => e.id)).toEqual(range(10, 22).map(e => e.id));
		expect(mergeEvents(held, range(5, 10), 'older').map(e => e.id)).toEqual(range(5, 20).map(e => e.id));
		// an agent server stores a `stats` update after the step it is dated before (6.2): it stays where it came
		const stats = event('stats', '2025-11-15T09:00:12.000400', 'ConversationStateUpdateEvent');
		expect(mergeEvents(held, [at(20), stats], 'newer').map(e => e.id).slice(-2)).toEqual(['e20', 'stats']);
	});

	it('a server with no log order (legacy file names): placed by time, microseconds and ids breaking ties', () => {
		const held = range(10, 20);
		const late = event('late', '2025-11-15T09:00:12.000400');
		const tie = event('a-tie', '2025-11-15T09:00:12.000500');
		expect(mergeEvents(held, [tie, late], 'newer', true).map(e => e.id).slice(1, 5)).toEqual(['e11', 'late', 'a-tie', 'e12']);
		expect(mergeEvents(held, [tie, late], 'newer').map(e => e.id).slice(-2)).toEqual(['a-tie', 'late']);
		// naive and offset timestamps are the same instant when the offset is zero
		expect(mergeEvents([event('z', '2025-11-15T09:00:01Z')], [event('n', '2025-11-15T09:00:00.5')], 'newer', true).map(e => e.id)).toEqual(['n', 'z']);
	});

	it('knows what is no position in the event log (full state, streaming deltas, replies to bad frames)', () => {
		expect(isPersisted(event('a', at(1).timestamp, 'ConversationStateUpdateEvent', {key: 'execution_status', value: 'running'}))).toBe(true);
		expect(isPersisted(event('b', at(1).timestamp, 'ConversationStateUpdateEvent', {key: 'full_state', value: {}}))).toBe(false);
		expect(isPersisted(event('c', at(1).timestamp, 'StreamingDeltaEvent'))).toBe(false);
		expect(isPersisted(event('d', at(1).timestamp, 'ServerErrorEvent'))).toBe(false);
	});

	it('keeps only events not held, once each', () => {
		expect(freshOnly(new Set(['e1']), [at(1), at(2), at(2), at(3)]).map(e => e.id)).toEqual(['e2', 'e3']);
	});

	it('drops the side away from the viewport, never rows on screen', () => {
		const events = range(0, 15);
		expect(trimWindow(events, null, 'auto', 10)).toMatchObject({droppedOlder: 5, droppedNewer: 0});
		expect(trimWindow(events, {first: 0, last: 3}, 'auto', 10)).toMatchObject({droppedOlder: 0, droppedNewer: 5});
		expect(trimWindow(events, {first: 11, last: 14}, 'auto', 10)).toMatchObject({droppedOlder: 5, droppedNewer: 0});
		// viewport a bit off the middle: whatever the far side cannot give comes from the near side
		const split = trimWindow(events, {first: 3, last: 12}, 'auto', 10);
		expect(split.droppedOlder + split.droppedNewer).toBe(5);
		expect(split.events.map(e => e.id)).toContain('e3');
		expect(trimWindow(events, {first: 0, last: 3}, 'older', 10).events[0]?.id).toBe('e5');
		expect(trimWindow(events, null, 'newer', 10).events.at(-1)?.id).toBe('e9');
		expect(trimWindow(range(0, 5), null, 'auto', 10).events).toHaveLength(5);
	});

	it('reads the execution status from the newest state update (a key or the full state)', () => {
		const update = (n: number, key: string, value: unknown) => event(`s${n}`, `2025-11-15T09:01:0${n}`, 'ConversationStateUpdateEvent', {key, value});
		expect(latestExecutionStatus([at(1)])).toBeNull();
		expect(latestExecutionStatus([update(1, 'execution_status', 'running'), update(2, 'execution_status', 'paused'), at(3)])).toBe('paused');
		expect(latestExecutionStatus([update(1, 'full_state', {execution_status: 'waiting_for_confirmation', title: 'x'})])).toBe('waiting_for_confirmation');
		expect(latestExecutionStatus([update(1, 'execution_status', 'running'), update(2, 'stats', {})])).toBe('running');
	});
});
