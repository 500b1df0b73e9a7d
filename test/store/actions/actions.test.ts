import {afterEach, describe, expect, it} from 'vitest';
import type {Sandbox} from '../../../source/api/schemas/index.js';
import {harness, record, type Harness} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const SEARCH = 'GET /api/v1/sandboxes/search?limit=100';

async function started(storeOptions = {}): Promise<Harness> {
	h = await harness({seed: 'demo', bootMs: 3000}, {visible: 'sandboxes', ...storeOptions});
	h.store.start();
	// let seeded sandboxes finish booting on the server's clock
	await h.advance(5000);
	h.server.clearRequests();
	return h;
}

function row(h: Harness, id: string): Sandbox | undefined {
	return h.store.getSnapshot().sandboxes.data?.find(s => s.id === id);
}

function statusesOf(seen: ReturnType<typeof record>, id: string): string[] {
	const out: string[] = [];
	for (const snapshot of seen) {
		const status = snapshot.sandboxes.data?.find(s => s.id === id)?.status;
		if (status && out[out.length - 1] !== status) out.push(status);
	}
	return out;
}

describe('pause and resume', () => {
	it('pause, watch until PAUSED, resume, watch until RUNNING, then back to the interval', async () => {
		const h = await started();
		const target = h.store.getSnapshot().sandboxes.data!.find(s => s.status === 'RUNNING')!;
		const seen = record(h.store);

		h.store.pauseSandbox(target.id);
		expect(h.store.getSnapshot().pending).toMatchObject([
			{key: `pause:${target.id}`, kind: 'pause', targetId: target.id, phase: 'calling', targetState: 'PAUSED'},
		]);
		await h.settle();
		expect(h.lines()).toEqual([`POST /api/v1/sandboxes/${target.id}/pause`, SEARCH]);
		expect(h.store.getSnapshot().pending[0]?.phase).toBe('watching');
		await h.advance(1000);
		expect(h.lines().slice(2)).toEqual([`GET /api/v1/sandboxes?id=${target.id}`]);
		expect(h.store.getSnapshot().pending).toEqual([]);
		expect(row(h, target.id)?.status).toBe('PAUSED');
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'info', text: `sandbox ${target.id} is paused`});

		h.server.clearRequests();
		h.store.resumeSandbox(target.id);
		await h.advance(1000);
		expect(h.lines()).toEqual([
			`POST /api/v1/sandboxes/${target.id}/resume`,
			SEARCH,
			`GET /api/v1/sandboxes?id=${target.id}`,
		]);
		expect(row(h, target.id)?.status).toBe('RUNNING');
		expect(h.store.getSnapshot().pending).toEqual([]);
		expect(statusesOf(seen, target.id)).toEqual(['RUNNING', 'PAUSED', 'RUNNING']);

		// back to the base interval: the list every 5 s from the last refetch, no more watches
		h.server.clearRequests();
		await h.advance(10_000);
		expect(h.lines()).toEqual([SEARCH, SEARCH]);
	});

	it('resume of a sandbox paused mid-boot passes through ERROR until RUNNING', async () => {
		const h = await started();
		// started behind the store's back, so only the pause and resume below are watched
		const {id} = await h.client.startSandbox();
		h.store.refresh();
		await h.advance(1000);
		h.store.pauseSandbox(id); // 2 s of boot left
		await h.advance(1000);
		expect(row(h, id)?.status).toBe('PAUSED');
		const seen = record(h.store);
		h.server.clearRequests();
		h.store.resumeSandbox(id);
		await h.advance(4000);
		expect(statusesOf(seen, id)).toEqual(['PAUSED', 'ERROR', 'RUNNING']);
		const watches = h.lines().filter(l => l === `GET /api/v1/sandboxes?id=${id}`);
		expect(watches).toHaveLength(2);
		expect(h.store.getSnapshot().pending).toEqual([]);
	});

	it('start: the new sandbox goes on top as STARTING and is watched until RUNNING', async () => {
		const h = await started();
		const seen = record(h.store);
		h.store.startSandbox();
		expect(h.store.getSnapshot().pending).toMatchObject([{kind: 'start', targetId: null, phase: 'calling'}]);
		await h.settle();
		const first = h.store.getSnapshot().sandboxes.data![0]!;
		expect(first.status).toBe('STARTING');
		expect(h.store.getSnapshot().pending).toMatchObject([{kind: 'start', targetId: first.id, phase: 'watching'}]);
		await h.advance(5000);
		expect(statusesOf(seen, first.id)).toEqual(['STARTING', 'ERROR', 'RUNNING']);
		expect(h.lines().filter(l => l.startsWith('GET /api/v1/sandboxes?'))).toHaveLength(3);
		expect(h.lines()[0]).toMatch(/^POST \/api\/v1\/sandboxes/);
		expect(h.store.getSnapshot().pending).toEqual([]);
	});

	it('refuses without sending: already paused, already running, already in progress', async () => {
		const h = await started();
		const data = h.store.getSnapshot().sandboxes.data!;
		const running = data.find(s => s.status === 'RUNNING')!;
		let paused = data.find(s => s.status === 'PAUSED');
		if (!paused) {
			await h.client.pauseSandbox(data.find(s => s.id !== running.id)!.id);
			h.store.refresh();
			await h.settle();
			paused = h.store.getSnapshot().sandboxes.data!.find(s => s.status === 'PAUSED')!;
			h.server.clearRequests();
		}

		h.store.pauseSandbox(paused.id);
		await h.settle();
		expect(h.server.requests).toEqual([]);
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'info', text: `sandbox ${paused.id} is already paused`});
		expect(h.store.getSnapshot().pending).toEqual([]);

		h.store.resumeSandbox(running.id);
		await h.settle();
		expect(h.server.requests).toEqual([]);
		expect(h.store.getSnapshot().notice?.text).toBe(`sandbox ${running.id} is already running`);

		h.store.pauseSandbox(running.id);
		h.store.pauseSandbox(running.id);
		expect(h.store.getSnapshot().notice?.text).toBe(`a pause of sandbox ${running.id} is already in progress`);
		await h.settle();
		h.store.pauseSandbox(running.id); // still watching the pause: a second pause is refused too
		expect(h.store.getSnapshot().notice?.text).toBe(`a pause of sandbox ${running.id} is already in progress`);
		await h.advance(1000);
		expect(h.lines().filter(l => l.startsWith('POST'))).toEqual([`POST /api/v1/sandboxes/${running.id}/pause`]);
	});

	it('a resume while the pause is only being watched takes over: sent, and the pause watch stops', async () => {
		const h = await started();
		const running = h.store.getSnapshot().sandboxes.data!.find(s => s.status === 'RUNNING')!;
		h.store.pauseSandbox(running.id);
		await h.settle();
		expect(h.store.getSnapshot().pending.map(p => [p.kind, p.phase])).toEqual([['pause', 'watching']]);
		h.store.resumeSandbox(running.id);
		expect(h.store.getSnapshot().pending.map(p => p.kind)).toEqual(['resume']);
		await h.settle();
		await h.advance(3000);
		await h.advance(3000);
		expect(h.lines().filter(l => l.startsWith('POST'))).toEqual([
			`POST /api/v1/sandboxes/${running.id}/pause`,
			`POST /api/v1/sandboxes/${running.id}/resume`,
		]);
		const snapshot = h.store.getSnapshot();
		expect(snapshot.pending).toEqual([]);
		expect(snapshot.sandboxes.data!.find(s => s.id === running.id)?.status).toBe('RUNNING');
		expect(snapshot.notice?.text).toBe(`sandbox ${running.id} is running`);
	});

	it('a failed call sets an error notice and changes nothing else', async () => {
		const h = await started();
		const before = h.store.getSnapshot();
		h.store.pauseSandbox('oh-agent-server-doesNotExist');
		await h.settle();
		const after = h.store.getSnapshot();
		expect(h.lines()).toEqual(['POST /api/v1/sandboxes/oh-agent-server-doesNotExist/pause']);
		expect(after.notice?.level).toBe('error');
		expect(after.notice?.text).toMatch(/^pause of sandbox oh-agent-server-doesNotExist failed: /);
		expect(after.notice?.text).not.toContain('\n');
		expect(after.pending).toEqual([]);
		expect(after.sandboxes).toBe(before.sandboxes);
		await h.advance(3000);
		expect(h.server.requests).toHaveLength(1);
	});

	it('a watch gives up after watchTimeoutMs with a notice', async () => {
		h = await harness({seed: 'empty', bootMs: 600_000}, {visible: 'sandboxes', watchTimeoutMs: 5000});
		h.store.start();
		await h.settle();
		h.store.startSandbox();
		await h.advance(4999);
		expect(h.store.getSnapshot().pending).toHaveLength(1);
		await h.advance(1);
		expect(h.store.getSnapshot().pending).toEqual([]);
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'error'});
		expect(h.store.getSnapshot().notice?.text).toMatch(/^gave up waiting for sandbox \S+ to be RUNNING after 5 s$/);
		const watches = h.lines().filter(l => l.startsWith('GET /api/v1/sandboxes?id='));
		expect(watches).toHaveLength(4);
	});
});
