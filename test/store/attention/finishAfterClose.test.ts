/**
 * Issue 27 item 8, the everyday case measured on the legacy stand-in in tmux: send a message from the
 * activity, go back to the list at once, the agent finishes a few seconds later. The first polls after
 * closing count as looked (the list waits while an activity is open and brings late what the user saw
 * there), so a finish 5-7 s after the close was taken as seen: no bell, not in `!`. Only what the
 * activity showed when it closed was seen; a status it never showed is news.
 */
import {afterEach, expect, it} from 'vitest';
import {type Harness, harness, startedConversation} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

const idleConversation = () => startedConversation(h!.client);

const listed = (id: string) => h!.store.getSnapshot().conversations.data?.find(c => c.id === id);

it('a finish just after you leave the running agent is announced and needs you, on a server whose updated_at stays put', async () => {
	// steps of 250 ms: the finish lands ~4.5 s after the close, well inside the polls that count as
	// looked (10 s); at 600 ms it landed at 9.5 s, and at 14.5 s on a loaded CI machine
	h = await harness({generation: 'legacy', seed: 'empty', live: false, bootMs: 0, stepMs: 250}, {liveEvents: true});
	const id = await idleConversation();
	h.store.start();
	await h.settle();
	h.store.openActivity(id);
	await h.settle();
	h.store.sendMessage(id, 'Fix the failing test in tests/test_dates.py');
	// the activity shows it running when the user leaves
	for (let i = 0; i < 10 && h.store.getSnapshot().activity?.conversation?.execution_status !== 'running'; i++) await h.advance(500);
	expect(h.store.getSnapshot().activity?.conversation?.execution_status).toBe('running');
	h.store.closeActivity();
	let after = 0;
	for (; after < 4 * INTERVAL && listed(id)?.execution_status !== 'finished'; after += 500) await h.advance(500);
	// within the first polls after closing, which count as looked for what the activity showed
	expect(after).toBeLessThan(2 * INTERVAL);
	await h.advance(INTERVAL);
	expect(h.store.getSnapshot().attention).toMatchObject([{id, reason: 'finished', transition: true}]);
});

it('what the activity showed when it closed, brought late by the list, stays seen', async () => {
	h = await harness({generation: 'legacy', seed: 'empty', live: false, bootMs: 0});
	const id = await idleConversation();
	h.store.start();
	await h.settle();
	h.store.openActivity(id);
	await h.settle();
	h.store.sendMessage(id, 'Fix the failing test in tests/test_dates.py');
	await h.advance(2 * INTERVAL);
	expect(h.store.getSnapshot().activity?.conversation?.execution_status).toBe('finished');
	h.store.closeActivity();
	await h.advance(3 * INTERVAL);
	expect(listed(id)).toMatchObject({execution_status: 'finished'});
	expect(h.store.getSnapshot().attention).toEqual([]);
});
