// Issue 21 item 6 over real HTTP: a message whose connection closed after it was written may have
// been received, so it is "outcome unknown" with the draft kept, never "not sent"; and a 409 from
// send-message says the server's own reason.
import {afterEach, describe, expect, it} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {type ActivityHarness, CONV, activityHarness} from '../activityHarness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

async function ready(generation: Generation): Promise<ActivityHarness> {
	h = await activityHarness(generation, {events: 5, execution: 'idle'});
	h.store.start();
	await h.settle();
	h.clear();
	return h;
}

const isSend = (r: {method: string; path: string}) => r.method === 'POST' && /send-message$|\/events$/.test(r.path);

describe.each<Generation>(['legacy', 'current'])('%s: a connection closed after the message went out', generation => {
	it('says the outcome is unknown, keeps the draft, and sends nothing again', async () => {
		const h = await ready(generation);
		h.server.intercept = r => (isSend(r) ? 'drop' : null);
		h.store.sendMessage(CONV, 'deploy to staging');
		await h.settle();
		expect(h.server.seen.filter(isSend)).toHaveLength(1);
		const {notice, drafts, pending} = h.store.getSnapshot();
		expect(notice?.text).toMatch(/^the message: outcome unknown, the events will tell; the draft is kept · (the )?connection to .* closed before the server answered/);
		expect(notice?.text).not.toMatch(/not sent/);
		expect(drafts).toEqual({[CONV]: 'deploy to staging'});
		expect(pending).toEqual([]);
	});

	it('an agent command in the same spot: not failed; its status is watched', async () => {
		const h = await ready(generation);
		h.server.intercept = r => (r.method === 'POST' && r.path.endsWith('/pause') ? 'drop' : null);
		h.store.controlAgent(CONV, 'pause');
		await h.settle();
		expect(h.store.getSnapshot().notice?.text).toMatch(/^pausing the agent after its current step: no answer yet, watching/);
		expect(h.store.getSnapshot().pending).toMatchObject([{kind: 'agent', phase: 'checking'}]);
	});
});

describe('current: a 409 from send-message', () => {
	it("shows the server's own reason when it is not about the sandbox's state", async () => {
		const h = await ready('current');
		h.server.intercept = r => (isSend(r) ? {status: 409, json: {detail: 'A message is already being processed for this conversation'}} : null);
		h.store.sendMessage(CONV, 'and again');
		await h.settle();
		expect(h.store.getSnapshot().notice?.text).toMatch(/^message not sent: the server refused the message \(409\): A message is already being processed for this conversation/);
		expect(h.store.getSnapshot().drafts).toEqual({[CONV]: 'and again'});
	});

	it('the paused sandbox wording stays for the route own 409', async () => {
		const h = await ready('current');
		h.server.intercept = r => (isSend(r) ? {status: 409, json: {detail: 'Sandbox is PAUSED. Use POST /api/v1/sandboxes/sb/resume to resume it first.'}} : null);
		h.store.sendMessage(CONV, 'hello');
		await h.settle();
		expect(h.store.getSnapshot().notice?.text).toMatch(/the sandbox is paused: resume it first \(409\)/);
	});
});
