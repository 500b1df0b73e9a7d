import {describe, expect, it} from 'vitest';
import {createFleet} from '../../source/fleet/createFleet.js';
import type {ActivityState, AttentionItem, Glimpse} from '../../source/store/types.js';
import {attentionLine, needYouText, windowTitle} from '../../source/present/attentionText.js';
import {notifyOnAttention, WAIT_MS, type Announcement} from '../../source/ui/attentionNotify.js';
import {event, LEGACY} from './eventFixtures.js';
import {ManualClock} from '../store/manualClock.js';
import {FakeStore} from './fakeStore.js';
import {fleetOf} from './fakeFleet.js';
import {NOW, snapshot} from './fixtures.js';

const item = (id: string, state: string, at = NOW, title = 'Fix the flaky test', transition = true): AttentionItem => ({
	key: `conversation:${id}:${state}:${at}`,
	subject: 'conversation',
	id,
	state,
	reason: ({waiting_for_confirmation: 'waiting', error: 'error', stuck: 'stuck', finished: 'finished'} as const)[state as 'error'] ?? undefined,
	transition,
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

/** A waiting agent's newest events: `rm -rf build` waits for confirmation. */
const waitingEvents = [event(LEGACY.userMessage), event({...LEGACY.bash, action: {...LEGACY.bash.action, command: 'rm -rf build'}}), event(LEGACY.waiting)];
const glimpse = (events: typeof waitingEvents): Glimpse => ({events, fetchedAt: NOW, error: null, stateSince: null});

/** Timers the test fires by hand. */
function manualTimers() {
	let now = NOW;
	const timers: {at: number; fire(): void}[] = [];
	return {
		now: () => now,
		setTimer(fire: () => void, ms: number) {
			const timer = {at: now + ms, fire};
			timers.push(timer);
			return () => void timers.splice(timers.indexOf(timer), 1);
		},
		advance(ms: number) {
			now += ms;
			for (const timer of timers.filter(t => t.at <= now)) {
				timers.splice(timers.indexOf(timer), 1);
				timer.fire();
			}
		},
	};
}

describe('notifications: transitions only, once each, saying what (issue 19 §1, §3)', () => {
	it('a hold whose timer fires a millisecond early still calls, once, when nothing else happens', () => {
		// setTimeout runs on a monotonic clock and Date.now() can read 1 ms behind it: the first
		// check finds the hold not yet over; nothing else may ever call check again
		const store = new FakeStore(snapshot());
		const told: string[] = [];
		let now = NOW;
		const pending: {at: number; fire(): void}[] = [];
		const setTimer = (fire: () => void, ms: number) => {
			const timer = {at: now + ms, fire};
			pending.push(timer);
			return () => void pending.splice(pending.indexOf(timer), 1);
		};
		const fireEarly = () => {
			const timer = pending.shift()!;
			now = timer.at - 1;
			timer.fire();
		};
		notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)}, {setTimer, now: () => now});
		store.set({attention: [item('a', 'waiting_for_confirmation', NOW, 'deploy')]});
		fireEarly();
		expect(told).toEqual([]);
		expect(pending).toHaveLength(1);
		now = pending[0]!.at;
		pending.shift()!.fire();
		expect(told).toEqual(['deploy waits for your confirmation']);
		expect(pending).toHaveLength(0);
	});

	it('once per new transition: the same item seen again, or another change, calls nobody', () => {
		const store = new FakeStore(snapshot());
		const told: string[] = [];
		notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)});
		const a = item('a', 'error');
		store.set({attention: [a]});
		store.set({attention: [a]});
		store.set({notice: {level: 'info', text: 'x', at: NOW}});
		store.poke();
		expect(told).toEqual(['Fix the flaky test stopped with an error']);
		// a newer transition of the same conversation is a new key: once more
		const b = item('a', 'finished', NOW + 1000);
		store.set({attention: [b]});
		expect(told).toEqual(['Fix the flaky test stopped with an error', 'Fix the flaky test finished']);
		store.set({attention: []});
		expect(told).toHaveLength(2);
	});

	it('never what waited at start, nor what needs you but was not seen changing, nor the conversation on screen', () => {
		const store = new FakeStore(snapshot({attention: [item('old', 'waiting_for_confirmation', NOW, 'Old', false)]}));
		const told: string[] = [];
		notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)});
		// counted at a later sighting (a background check's first page): counted, not announced
		store.set({attention: [item('old', 'waiting_for_confirmation', NOW, 'Old', false), item('seen', 'stuck', NOW, 'Baseline', false)]});
		store.set({activity: activity('a'), attention: [item('old', 'waiting_for_confirmation', NOW, 'Old', false), item('a', 'stuck')]});
		expect(told).toEqual([]);
		store.set({attention: [item('a', 'stuck'), item('b', 'error', NOW, 'Other')]});
		expect(told).toEqual(['Other stopped with an error']);
	});

	it('a waiting agent: waits for its pending action to be read, then names it; at most WAIT_MS, then says it waits', () => {
		const store = new FakeStore(snapshot());
		const told: string[] = [];
		const timers = manualTimers();
		notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)}, {setTimer: timers.setTimer, now: timers.now});
		store.set({attention: [item('a', 'waiting_for_confirmation', NOW, 'api-refactor')]});
		expect(told).toEqual([]);
		store.set({glimpses: {a: glimpse(waitingEvents)}});
		expect(told).toEqual(['api-refactor: approve “rm -rf build”?']);
		timers.advance(WAIT_MS);
		expect(told).toHaveLength(1);

		// nothing read in time: it still calls, without the action
		store.set({attention: [item('a', 'waiting_for_confirmation', NOW, 'api-refactor'), item('b', 'waiting_for_confirmation', NOW, 'deploy')]});
		timers.advance(WAIT_MS - 1);
		expect(told).toHaveLength(1);
		timers.advance(1);
		expect(told).toEqual(['api-refactor: approve “rm -rf build”?', 'deploy waits for your confirmation']);
	});

	it('names the server when several are open; the line is cleaned and masked', () => {
		const one = new FakeStore(snapshot());
		const two = new FakeStore(snapshot());
		const fleet = createFleet([
			{name: 'laptop', label: 'http://a', createStore: () => one},
			{name: 'cloud', label: 'http://b', createStore: () => two},
		]);
		const told: string[] = [];
		const announced: Announcement[] = [];
		notifyOnAttention(fleet, {notify: (_title, body) => told.push(body)}, {onAnnounce: a => announced.push(a)});
		two.set({attention: [item('a', 'stuck', NOW, 'Deploy with ghp_0123456789abcdefghijABCDEFGHIJ012345\u001b]0;x\u0007')]});
		expect(told).toHaveLength(1);
		expect(told[0]).toMatch(/^Deploy with \S*•{2,}\S* \(cloud\) is stuck$/);
		expect(told[0]).not.toContain('ghp_0123');
		expect(announced[0]).toMatchObject({server: 'cloud', waitsFor: null, line: told[0]});
	});

	it('a storm is rationed for the notify command as for the desktop: the same announcements, folded (issue 21 item 8)', async () => {
		const store = new FakeStore(snapshot());
		const told: string[] = [];
		const announced: Announcement[] = [];
		const clock = new ManualClock(NOW);
		notifyOnAttention(fleetOf(store), {notify: (_title, body) => told.push(body)}, {onAnnounce: a => announced.push(a), clock});
		// four conversations flapping: 40 transitions within a few seconds
		for (let round = 0; round < 10; round++) {
			store.set({attention: ['a', 'b', 'c', 'd'].map(id => item(id, round % 2 ? 'finished' : 'error', NOW + round * 100, `task ${id}`))});
			// eslint-disable-next-line no-await-in-loop
			await clock.advance(100, async () => {});
		}
		await clock.advance(60_000, async () => {});
		expect(told.length).toBeLessThanOrEqual(6);
		expect(announced.map(a => a.line)).toEqual(told);
		expect(told.some(line => /\(\+\d+ more\)$/.test(line))).toBe(true);
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
		expect(windowTitle(0)).toBe('ohtui');
		expect(windowTitle(3)).toBe('ohtui · 3 need you');
	});

	it('with several servers in view, says whose agent it is', () => {
		const work = new FakeStore(snapshot());
		const lab = new FakeStore(snapshot());
		const fleet = createFleet([
			{name: 'work', label: '', createStore: () => work},
			{name: 'lab', label: '', createStore: () => lab},
		]);
		const told: string[] = [];
		notifyOnAttention(fleet, {notify: (_title, body) => told.push(body)});
		lab.set({attention: [item('a', 'stuck')]});
		// the same key on another server is another item
		work.set({attention: [item('a', 'stuck')]});
		expect(told).toEqual(['Fix the flaky test (lab) is stuck', 'Fix the flaky test (work) is stuck']);
	});
});
