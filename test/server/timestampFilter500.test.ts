import {describe, expect, it} from 'vitest';
import {byTitle} from './activityHelpers.js';
import {get, startServer} from './helpers.js';

describe('app-server stand-in option timestampFilter500: a current server from before OpenHands#14399 (issue 18 §3)', () => {
	it('answers event search and count with a plain-text 500 whenever a timestamp bound is sent, and normally without one', async () => {
		const server = await startServer({generation: 'current', live: false, timestampFilter500: true});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const base = `/api/v1/conversation/${c.id}/events`;
		for (const query of ['timestamp__gte=2026-01-01T00:00:00', 'timestamp__lt=2030-01-01T00:00:00']) {
			for (const route of ['search', 'count']) {
				const got = await get(server, `${base}/${route}?${query}`);
				expect([route, query, got.status, got.text]).toEqual([route, query, 500, 'Internal Server Error']);
			}
		}
		expect((await get(server, `${base}/search?limit=5`)).json.items).toHaveLength(5);
		const normal = await startServer({generation: 'current', live: false});
		const d = await byTitle(normal, 'Fix flaky date parsing');
		expect((await get(normal, `/api/v1/conversation/${d.id}/events/search?timestamp__gte=2026-01-01T00:00:00`)).status).toBe(200);
	});
});
