import {describe, expect, it} from 'vitest';
import {ATTENTION_ORDER, attentionState, needsYou, sortByAttention, type AttentionState, type ConversationState} from '../../../source/store/attention/needsYou.js';

const c = (execution_status: ConversationState['execution_status'], sandbox_status: ConversationState['sandbox_status'] = 'RUNNING'): ConversationState => ({
	execution_status,
	sandbox_status,
});

describe('needsYou', () => {
	it('waiting for confirmation, error and stuck need you whether seen or not', () => {
		for (const seen of [false, true]) {
			expect(needsYou(c('waiting_for_confirmation'), seen)).toBe('waiting');
			expect(needsYou(c('error'), seen)).toBe('error');
			expect(needsYou(c('stuck'), seen)).toBe('stuck');
		}
	});

	it('finished needs you until seen, then it is idle', () => {
		expect(needsYou(c('finished'), false)).toBe('finished');
		expect(needsYou(c('finished'), true)).toBeNull();
		expect(attentionState(c('finished'), true)).toBe('idle');
	});

	it('running, idle and paused agents do not need you', () => {
		for (const status of ['running', 'idle', 'paused'] as const) expect(needsYou(c(status), false)).toBeNull();
	});

	it('the sandbox comes first: paused is paused, missing is gone, whatever the agent last said', () => {
		expect(attentionState(c('waiting_for_confirmation', 'PAUSED'), false)).toBe('paused');
		expect(attentionState(c('error', 'MISSING'), false)).toBe('gone');
		expect(needsYou(c('finished', 'PAUSED'), false)).toBeNull();
	});

	it('no agent state: a starting sandbox is running, one in ERROR (maybe booting) is gone, else idle', () => {
		expect(attentionState(c(null, 'STARTING'), false)).toBe('running');
		expect(attentionState(c(null, 'ERROR'), false)).toBe('gone');
		expect(attentionState(c(null, 'RUNNING'), false)).toBe('idle');
		expect(attentionState(c('deleting'), false)).toBe('gone');
		// an agent state from a later server version is not mistaken for one that needs you
		expect(attentionState(c('thinking_hard' as never), false)).toBe('idle');
	});
});

describe('sortByAttention', () => {
	it('waiting, error, stuck, finished-unseen, running, idle, paused, gone; newest first within each', () => {
		const items: {state: AttentionState; at: number | null; name: string}[] = [
			{state: 'gone', at: 9, name: 'gone'},
			{state: 'idle', at: 1, name: 'idle-old'},
			{state: 'running', at: 5, name: 'running'},
			{state: 'waiting', at: 2, name: 'waiting-old'},
			{state: 'idle', at: 8, name: 'idle-new'},
			{state: 'paused', at: 7, name: 'paused'},
			{state: 'finished', at: 3, name: 'finished'},
			{state: 'stuck', at: 4, name: 'stuck'},
			{state: 'error', at: 6, name: 'error'},
			{state: 'waiting', at: 10, name: 'waiting-new'},
			{state: 'idle', at: null, name: 'idle-unknown-time'},
		];
		expect(sortByAttention(items, i => i.state, i => i.at).map(i => i.name)).toEqual([
			'waiting-new',
			'waiting-old',
			'error',
			'stuck',
			'finished',
			'running',
			'idle-new',
			'idle-old',
			'idle-unknown-time',
			'paused',
			'gone',
		]);
		expect(ATTENTION_ORDER).toEqual(['waiting', 'error', 'stuck', 'finished', 'running', 'idle', 'paused', 'gone']);
	});

	it('is stable for equal keys and leaves its input alone', () => {
		const items = [{n: 1}, {n: 2}, {n: 3}];
		const sorted = sortByAttention(items, () => 'idle', () => 5);
		expect(sorted.map(i => i.n)).toEqual([1, 2, 3]);
		expect(sorted).not.toBe(items);
	});
});
