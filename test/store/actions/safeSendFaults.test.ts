// Issue 26 item 1 under faults: the status read right before a message fails. What the store knew
// (the list, a poll ago) may be stale: the agent can have started to wait since. A message must not
// go on a guess (it would approve what waits): the status is asked again where it can be, and when
// no answer comes nothing is sent and the draft is kept. Direct agent server stand-in behind the
// fault server, over real HTTP, with a manual clock.
import {describe, expect, it} from 'vitest';
import {faults} from '../../support/faults.js';
import {BATCH, setup} from './staleWaiting.js';

const TEXT = 'Do NOT drop the table';

describe('a message when the status read right before it fails', () => {
	it('the store knew "idle" but the agent waits again: nothing is sent on that guess, the draft is kept, the action still waits', async () => {
		const s = await setup();
		const pending = await s.staleWait();
		expect(s.listed()).toBe('idle');
		// the status read answers 500 (every time, for this message)
		await s.server.add(faults.internalError(), {path: BATCH, method: 'GET'});
		s.store.sendMessage(s.id, TEXT);
		// the server's requests back off a moment after the failure
		await s.advance(3000);
		const posts = s.server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${s.id}`, ''));
		expect(posts).not.toContain('/events');
		expect(s.store.getSnapshot().notice).toMatchObject({level: 'error'});
		expect(s.store.getSnapshot().notice?.text).toMatch(/^message not sent: could not read whether the agent waits for a confirmation \(server error \(500\)/);
		expect(s.store.getSnapshot().drafts).toEqual({[s.id]: TEXT});
		// the agent goes on as it was: the action still waits, nothing ran it
		await s.advance(3000);
		const events = await s.events();
		expect(s.pendingIds(events)).toContain(pending);
		expect(events.filter(e => e.action_id === pending)).toEqual([]);
	});

	it('one failed read (502 HTML): not sent; sent again once the server answers: rejected first, then the message', async () => {
		const s = await setup();
		const [pending] = s.pendingIds(await s.events());
		await s.server.add(faults.badGateway(), {path: BATCH, method: 'GET', times: 1});
		s.store.sendMessage(s.id, TEXT);
		await s.settle();
		expect(s.store.getSnapshot().notice?.text).toMatch(/^message not sent: could not read whether the agent waits/);
		expect(s.store.getSnapshot().drafts).toEqual({[s.id]: TEXT});
		s.store.sendMessage(s.id, TEXT);
		// the server's requests back off a moment after the failure
		await s.advance(3000);
		const posts = s.server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${s.id}`, ''));
		expect(posts).toEqual(['/events/respond_to_confirmation', '/events']);
		expect(s.store.getSnapshot().notice?.text).toMatch(/^rejected the pending action first/);
		const events = await s.events();
		expect(events.filter(e => e.action_id === pending).map(e => e.kind)).toEqual(['UserRejectObservation']);
	});

	it('the reject goes, then the read after it fails: not sent, and the notice says the action was rejected', async () => {
		const s = await setup();
		const [pending] = s.pendingIds(await s.events());
		// the first status read answers; the one after the reject gets a 500
		let reads = 0;
		await s.server.add(
			{
				kind: 'custom',
				name: 'second read fails',
				async handle(ctx) {
					if (++reads === 1) {
						const up = await ctx.upstream();
						return ctx.reply(up.status, {'content-type': String(up.headers['content-type'])}, up.body);
					}
					ctx.reply(500, {'content-type': 'text/plain'}, 'Internal Server Error');
				},
			},
			{path: BATCH, method: 'GET'},
		);
		s.store.sendMessage(s.id, TEXT);
		await s.advance(3000);
		const posts = s.server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${s.id}`, ''));
		expect(posts).toEqual(['/events/respond_to_confirmation']);
		expect(s.store.getSnapshot().notice?.text).toMatch(/^message not sent: could not read whether the agent waits for a confirmation after rejecting the pending action \(/);
		expect(s.store.getSnapshot().drafts).toEqual({[s.id]: TEXT});
		const events = await s.events();
		expect(events.filter(e => e.action_id === pending).map(e => e.kind)).toEqual(['UserRejectObservation']);
	});
});
