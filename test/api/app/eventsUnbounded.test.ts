import {describe, expect, it} from 'vitest';
import type {ApiContext} from '../../../source/api/context.js';
import {searchEvents} from '../../../source/api/app/events.js';
import {activityContexts} from '../../support/activityContext.js';
import type {ActivityServer} from '../../support/activityServer.js';
import {makeEvent} from '../../support/eventData.js';

const CONV = 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0';
const START = Date.UTC(2026, 3, 20, 9, 0, 0);
const contexts = activityContexts();

async function open(count: number): Promise<{server: ActivityServer; ctx: ApiContext; ids: string[]}> {
	const {server, ctx} = await contexts.open('current');
	const events = Array.from({length: count}, (_, n) => makeEvent(n, START + n * 1000));
	server.conversations.set(CONV, {id: CONV, sandboxId: 'sb', title: 'before 14399', execution: 'idle', events});
	server.boundsFail = true;
	return {server, ctx, ids: events.map(e => e.id)};
}

const bounded = (server: ActivityServer) => server.seen.filter(r => r.query.has('timestamp__gte') || r.query.has('timestamp__lt'));

describe('current servers before OpenHands#14399 (500 on timestamp bounds, issue 18 §3)', () => {
	it('a follow query is answered from unbounded pages, newest first, and the server is remembered', async () => {
		const {server, ctx, ids} = await open(250);
		const page = await searchEvents(ctx, CONV, {sortOrder: 'TIMESTAMP', limit: 100, timestampGte: new Date(START + 120_000)});
		expect(page.items.map(e => e.id)).toEqual(ids.slice(120));
		expect(page.next_page_id).toBeNull();
		expect(bounded(server)).toHaveLength(1);
		expect(server.seen.slice(1).map(r => `${r.query.get('sort_order')} ${r.query.get('page_id')}`)).toEqual(['TIMESTAMP_DESC null', 'TIMESTAMP_DESC 100']);
		server.seen.length = 0;
		await searchEvents(ctx, CONV, {sortOrder: 'TIMESTAMP', limit: 100, timestampGte: new Date(START + 240_000)});
		expect(bounded(server)).toEqual([]);
		expect(server.seen).toHaveLength(1);
	});

	it('older pages go on by offset past the bound: every event once, none lost, also when new ones arrive between pages', async () => {
		const {server, ctx, ids} = await open(260);
		const seen: string[] = [];
		let pageId: string | null = null;
		const query = {sortOrder: 'TIMESTAMP_DESC' as const, limit: 100, timestampLt: new Date(START + 200_000)};
		for (let guard = 0; guard < 10; guard++) {
			const page = await searchEvents(ctx, CONV, {...query, pageId});
			seen.push(...page.items.map(e => e.id));
			// the agent goes on meanwhile: offsets shift, what comes again is dropped by id by the caller
			server.conversations.get(CONV)!.events.push(makeEvent(1000 + guard, START + 300_000 + guard * 1000));
			pageId = page.next_page_id;
			if (pageId === null) break;
		}
		expect([...new Set(seen)]).toEqual(ids.slice(0, 200).reverse());
	});

	it('a server that fails without bounds too: that error is the answer, and nothing is remembered', async () => {
		const {server, ctx} = await open(10);
		server.failEvents = 500;
		await expect(searchEvents(ctx, CONV, {sortOrder: 'TIMESTAMP', timestampGte: new Date(START)})).rejects.toMatchObject({kind: 'server', status: 500});
		server.failEvents = null;
		server.boundsFail = false;
		server.seen.length = 0;
		await searchEvents(ctx, CONV, {sortOrder: 'TIMESTAMP', timestampGte: new Date(START)});
		expect(bounded(server)).toHaveLength(1);
	});
});
