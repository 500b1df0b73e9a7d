import {describe, expect, it} from 'vitest';
import type {ActivityState, AttentionItem} from '../../source/store/types.js';
import {attentionLine, needYouText} from '../../source/ui/attentionText.js';
import {notifyOnAttention} from '../../source/ui/attentionNotify.js';
import {FakeStore} from './fakeStore.js';
import {fleetOf} from './fakeFleet.js';
import {NOW, snapshot} from './fixtures.js';

const item = (id: string, state: string, at = NOW, title = 'Fix the flaky test'): AttentionItem => ({
	key: `conversation:${id}:${state}:${at}`,
	subject: 'conversation',
	id,
	state,
	title,
	at,
});

const activity = (conversationId: string): ActivityState => ({
	conversationId,
	events: [],
	hasOlder: false,
	loadingOlder: false,
	following: true,
	loading: false,
	error: null,
	fetchedAt: null,
});

describe('notifications follow the attention list', () => {
	it('once per new item: the same item seen again, or another change, calls nobody', () => {
		const store = new FakeStore(snapshot());
		const told: string[] = [];
		notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)});
		const a = item('a', 'waiting_for_confirmation');
		store.set({attention: [a]});
		store.set({attention: [a]});
		store.set({notice: {level: 'info', text: 'x', at: NOW}});
		store.poke();
		expect(told).toEqual(['Fix the flaky test waits for your confirmation']);
		// a newer transition of the same conversation is a new key: once more
		const b = item('a', 'finished', NOW + 1000);
		store.set({attention: [b]});
		expect(told).toHaveLength(2);
		// dismissed, then nothing: no call
		store.set({attention: []});
		expect(told).toHaveLength(2);
	});

	it('items there before it started are not announced; none for the conversation being looked at', () => {
		const store = new FakeStore(snapshot({attention: [item('old', 'finished')]}));
		const told: string[] = [];
		notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)});
		store.set({activity: activity('a'), attention: [item('old', 'finished'), item('a', 'stuck')]});
		expect(told).toEqual([]);
		store.set({attention: [item('old', 'finished'), item('a', 'stuck'), item('b', 'error', NOW, 'Other')]});
		expect(told).toEqual(['Other stopped with an error']);
	});

	it('stops when unsubscribed', () => {
		const store = new FakeStore(snapshot());
		const told: string[] = [];
		const stop = notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)});
		stop();
		store.set({attention: [item('a', 'finished')]});
		expect(told).toEqual([]);
	});
});

describe('attention wording', () => {
	it('reads as one clean line', () => {
		expect(attentionLine(item('a', 'stuck', NOW, 'Evil\u001b]0;pwned\u0007 title'))).toBe('Evil title is stuck');
		expect(attentionLine({...item('t', 'ERROR'), subject: 'start-task', title: '500: Sandbox not startable'})).toBe(
			'a new conversation failed to start: 500: Sandbox not startable',
		);
		expect(attentionLine({...item('oh-1', 'MISSING'), subject: 'sandbox'})).toBe('sandbox oh-1 is gone');
		expect(attentionLine({...item('oh-1', 'ERROR'), subject: 'sandbox'})).toBe('sandbox oh-1 is in ERROR');
		expect(needYouText(0)).toBe('');
		expect(needYouText(1)).toBe('1 needs you');
		expect(needYouText(2)).toBe('2 need you');
	});
});
