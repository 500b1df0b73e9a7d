import {request as httpRequest} from 'node:http';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {faults} from './faults.js';
import {type FaultServer, startFaultServer} from './faultServer.js';
import {slowFaults} from './slowFaults.js';
import {HOSTILE_MARKERS, HOSTILE_PREFIX, LONG_TAIL, unhostileUrl} from './hostile.js';

type Sandbox = {id: string; status: string; sandbox_spec_id: string; created_at: string};
type Page = {items: Sandbox[]; next_page_id: string | null};

const SEARCH = '/api/v1/sandboxes/search';
let fs: FaultServer;

beforeAll(async () => {
	fs = await startFaultServer({upstream: {seed: 'demo', bootMs: 0}});
});
afterAll(async () => fs.close());
afterEach(async () => {
	await fs.heal();
	fs.clearRequests();
});

const get = (path: string, init?: RequestInit) => fetch(`${fs.url}${path}`, init);

/** What a connection attempt ends with: the error code, or the status. */
function probe(path: string): Promise<string | number> {
	return new Promise(resolve => {
		const req = httpRequest(`${fs.url}${path}`, {agent: false}, res => {
			res.resume();
			res.on('end', () => resolve(res.statusCode ?? 0));
			res.on('error', () => resolve('aborted'));
		});
		req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
		req.end();
	});
}

describe('fault server', () => {
	it('passes requests through to the stand-in and records them', async () => {
		const response = await get(`${SEARCH}?limit=5`);
		expect(response.status).toBe(200);
		const page = (await response.json()) as Page;
		expect(page.items.length).toBeGreaterThan(0);
		expect(fs.requests).toEqual([expect.objectContaining({method: 'GET', path: SEARCH, query: 'limit=5', fault: null})]);
		expect(fs.upstream.requests.at(-1)?.path).toBe(SEARCH);
	});

	it('forwards POST bodies and methods (pause through the proxy reaches the upstream)', async () => {
		const page = (await (await get(SEARCH)).json()) as Page;
		const running = page.items.find(s => s.status === 'RUNNING')!;
		const response = await get(`/api/v1/sandboxes/${running.id}/pause`, {method: 'POST'});
		expect(await response.json()).toEqual({success: true});
		const [after] = (await (await get(`/api/v1/sandboxes?id=${running.id}`)).json()) as Sandbox[];
		expect(after?.status).toBe('PAUSED');
		await get(`/api/v1/sandboxes/${running.id}/resume`, {method: 'POST'});
	});

	it('refuse closes the listener; restore listens again on the same port', async () => {
		await fs.refuse();
		expect(fs.refused).toBe(true);
		expect(await probe(SEARCH)).toBe('ECONNREFUSED');
		await fs.restore();
		expect(await probe(SEARCH)).toBe(200);
	});

	it('reset destroys the socket of a request in scope only', async () => {
		await fs.reset({path: '/api/v1/sandboxes'});
		expect(await probe(SEARCH)).toBe('ECONNRESET');
		expect(await probe('/api/v1/app-conversations/search')).toBe(200);
		expect(fs.requests.map(r => r.fault)).toEqual(['reset', null]);
	});

	it('a scope with `times` faults only that many requests, then passes them through', async () => {
		await fs.set(faults.internalError(), {path: SEARCH, times: 2});
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await get(SEARCH)).status);
		expect(statuses).toEqual([500, 500, 200]);
		expect(fs.requests.map(r => r.fault)).toEqual(['status', 'status', null]);
	});

	it('custom faults: pages that point back, empty pages for ever, unreadable items, a late arrival recorded late', async () => {
		await fs.set(slowFaults.pagesPointBack(), {path: SEARCH});
		expect(((await (await get(`${SEARCH}?limit=2`)).json()) as Page).next_page_id).toBe('2');
		expect(((await (await get(`${SEARCH}?page_id=2&limit=2`)).json()) as Page).next_page_id).toBe('0');
		await fs.set(slowFaults.emptyPagesForever(), {path: SEARCH});
		expect(await (await get(`${SEARCH}?page_id=1000`)).json()).toEqual({items: [], next_page_id: '1001'});
		await fs.set(slowFaults.breakItems([0], item => ({...item, id: 7})), {path: SEARCH});
		expect(((await (await get(SEARCH)).json()) as {items: {id: unknown}[]}).items[0]?.id).toBe(7);
		fs.clearRequests();
		await fs.set(slowFaults.lateArrival(200), {path: SEARCH});
		const sent = Date.now();
		expect((await get(SEARCH)).status).toBe(200);
		expect(fs.requests[0]!.at - sent).toBeGreaterThanOrEqual(190);
	});

	it('trickle sends the upstream answer a byte at a time; lateAnswer sends it whole, late', async () => {
		await fs.set(slowFaults.trickle(1), {path: SEARCH});
		const trickled = (await (await get(`${SEARCH}?limit=1`)).json()) as Page;
		expect(trickled.items).toHaveLength(1);
		await fs.set(slowFaults.lateAnswer(200), {path: SEARCH});
		const started = Date.now();
		expect((await get(SEARCH)).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
	});

	it('delayHeaders holds the answer back', async () => {
		await fs.delayHeaders(300);
		const started = Date.now();
		const response = await get(SEARCH);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		expect(response.status).toBe(200);
	});

	it.each([
		['unauthorized', faults.unauthorized(), 401, 'application/json', '{"detail":"Unauthorized"}'],
		['forbidden', faults.forbidden(), 403, 'application/json', '{"error":"EmailNotVerifiedError"}'],
		['notFound', faults.notFound(), 404, 'application/json', '{"detail":"Not Found"}'],
		['internalError', faults.internalError(), 500, 'text/plain; charset=utf-8', 'Internal Server Error'],
	] as const)('%s answers its status and body', async (_name, fault, status, type, body) => {
		await fs.set(fault);
		const response = await get(SEARCH);
		expect(response.status).toBe(status);
		expect(response.headers.get('content-type')).toBe(type);
		expect(await response.text()).toBe(body);
	});

	it('422 carries a pydantic detail list; 429 a Retry-After', async () => {
		await fs.set(faults.validation());
		const validation = (await (await get(SEARCH)).json()) as {detail: Array<{loc: string[]; msg: string}>};
		expect(validation.detail[0]).toMatchObject({loc: ['query', 'limit'], msg: 'Input should be greater than 0'});
		await fs.set(faults.tooManyRequests(3));
		const limited = await get(SEARCH);
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('3');
		expect(await limited.json()).toEqual({message: 'Too many requests'});
	});

	it('502 and the SPA page are HTML', async () => {
		await fs.set(faults.badGateway());
		const gateway = await get(SEARCH);
		expect([gateway.status, gateway.headers.get('content-type')]).toEqual([502, 'text/html']);
		expect(await gateway.text()).toContain('<h1>502 Bad Gateway</h1>');
		await fs.set(faults.spaPage());
		const spa = await get(SEARCH);
		expect(spa.status).toBe(200);
		expect(await spa.text()).toMatch(/^<!DOCTYPE html>/);
	});

	it('a scoped fault leaves other paths and methods alone', async () => {
		await fs.set(faults.notFound(), {path: /\/pause$/, method: 'POST'});
		expect((await get(SEARCH)).status).toBe(200);
		expect((await get('/api/v1/sandboxes/x/pause', {method: 'POST'})).status).toBe(404);
	});

	it('truncated JSON is a strict prefix of the real answer', async () => {
		const whole = await (await get(SEARCH)).text();
		await fs.set(faults.truncated());
		const cut = await (await get(SEARCH)).text();
		expect(cut.length).toBeGreaterThan(0);
		expect(cut.length).toBeLessThan(whole.length);
		expect(whole.startsWith(cut)).toBe(true);
		expect(() => JSON.parse(cut) as unknown).toThrow();
	});

	it('a schema-breaking body is valid JSON with numeric statuses', async () => {
		await fs.set(faults.badSchema());
		const page = (await (await get(SEARCH)).json()) as {items: Array<{status: unknown}>};
		expect(page.items.length).toBeGreaterThan(0);
		for (const item of page.items) expect(typeof item.status).toBe('number');
	});

	it('a huge body has the size asked for', async () => {
		await fs.set(faults.huge(3 * 1024 * 1024 + 17));
		const response = await get(SEARCH);
		expect(response.headers.get('content-length')).toBe(String(3 * 1024 * 1024 + 17));
		const text = await response.text();
		expect(text.length).toBe(3 * 1024 * 1024 + 17);
		expect(JSON.parse(text)).toMatchObject({items: [], next_page_id: null});
	});

	it('hostile mode rewrites ids and titles, keeps JSON, timestamps and statuses, and is stable', async () => {
		const plain = (await (await get(SEARCH)).json()) as Page;
		await fs.hostile();
		const first = await (await get(SEARCH)).text();
		const second = await (await get(SEARCH)).text();
		expect(second).toBe(first);
		const page = JSON.parse(first) as Page;
		expect(page.items).toHaveLength(plain.items.length);
		page.items.forEach((item, index) => {
			const original = plain.items[index]!;
			expect(item.id).toBe(HOSTILE_PREFIX + original.id);
			expect(item.sandbox_spec_id).toBe(HOSTILE_PREFIX + original.sandbox_spec_id + LONG_TAIL);
			expect(item.status).toBe(original.status);
			expect(item.created_at).toBe(original.created_at);
		});
		expect(LONG_TAIL).toHaveLength(10_000);
		for (const marker of Object.values(HOSTILE_MARKERS)) expect(first).toContain(JSON.stringify(marker).slice(1, -1));
		const conversations = (await (await get('/api/v1/app-conversations/search')).json()) as {items: Array<{title: string | null}>};
		expect(conversations.items.some(c => c.title?.startsWith(HOSTILE_PREFIX) && c.title.endsWith(LONG_TAIL))).toBe(true);
	});

	it('hostile ids sent back (batch get, pause) reach the upstream as the real ids', async () => {
		await fs.hostile();
		const page = (await (await get(SEARCH)).json()) as Page;
		const paused = page.items.find(s => s.status === 'PAUSED')!;
		const query = new URLSearchParams([['id', paused.id]]).toString();
		const [found] = (await (await get(`/api/v1/sandboxes?${query}`)).json()) as Sandbox[];
		expect(found?.id).toBe(paused.id);
		const resumed = await get(`/api/v1/sandboxes/${encodeURIComponent(paused.id)}/resume`, {method: 'POST'});
		expect(resumed.status).toBe(200);
		expect(unhostileUrl(`/x/${encodeURIComponent(paused.id)}?id=${encodeURIComponent(paused.id)}`)).not.toContain('%1B');
		const real = paused.id.slice(HOSTILE_PREFIX.length);
		await get(`/api/v1/sandboxes/${real}/pause`, {method: 'POST'});
	});
});
