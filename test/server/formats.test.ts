import {describe, expect, it} from 'vitest';
import {base62, newSandboxId, newSessionKey, parseUuid} from '../../source/server/ids.js';
import {float, toJson} from '../../source/server/json.js';
import {formatNaive, formatUtc, parseDatetime} from '../../source/server/time.js';
import {get, HEX32, NAIVE, SANDBOX_ID, startServer, UTC_Z} from './helpers.js';

describe('formats', () => {
	it('encodes base62 with the 0-9A-Za-z alphabet', () => {
		expect(base62(Uint8Array.from([0]))).toBe('0');
		expect(base62(Uint8Array.from([61]))).toBe('z');
		expect(base62(Uint8Array.from([62]))).toBe('10');
		expect(base62(Uint8Array.from([1, 0]))).toBe('48'); // 256 = 4*62 + 8
		expect(newSandboxId()).toMatch(SANDBOX_ID);
		expect(newSessionKey()).toMatch(/^[0-9A-Za-z]{38,43}$/);
	});

	it('parses uuids like pydantic and reports the uuid crate error', () => {
		expect(parseUuid('CA3B40CD-C88C-4D06-B14B-1CFF914B81CB')).toEqual({hex: 'ca3b40cdc88c4d06b14b1cff914b81cb'});
		expect(parseUuid('ca3b40cdc88c4d06b14b1cff914b81cb')).toEqual({hex: 'ca3b40cdc88c4d06b14b1cff914b81cb'});
		expect(parseUuid('urn:uuid:ca3b40cd-c88c-4d06-b14b-1cff914b81cb')).toEqual({hex: 'ca3b40cdc88c4d06b14b1cff914b81cb'});
		expect(parseUuid('not-a-uuid')).toEqual({error: 'invalid character: found `n` at 1'});
		expect(parseUuid('abc')).toEqual({error: 'invalid length: expected length 32 for simple format, found 3'});
	});

	it('prints pydantic timestamps: Z, 6-digit microseconds only when non-zero, naive without suffix', () => {
		const us = Date.UTC(2025, 10, 15, 9, 12, 4) * 1000;
		expect(formatUtc(us + 518_233)).toBe('2025-11-15T09:12:04.518233Z');
		expect(formatUtc(us + 1)).toBe('2025-11-15T09:12:04.000001Z');
		expect(formatUtc(us)).toBe('2025-11-15T09:12:04Z');
		expect(formatNaive(us + 101_945)).toBe('2025-11-15T09:12:04.101945');
	});

	it('parses query datetimes with and without offset', () => {
		const base = Date.UTC(2025, 10, 15, 8, 52, 3) * 1000;
		expect(parseDatetime('2025-11-15T08:52:03.101Z')).toEqual({us: base + 101_000});
		expect(parseDatetime('2025-11-15T08:52:03')).toEqual({us: base});
		expect(parseDatetime('2025-11-15T10:52:03+02:00')).toEqual({us: base});
		expect(parseDatetime('yesterday')).toEqual({error: 'input is too short'});
	});

	it('renders floats the Python way in compact JSON', () => {
		expect(toJson({a: float(0), b: float(1.5), c: 3, d: [null, 'é']})).toBe('{"a":0.0,"b":1.5,"c":3,"d":[null,"é"]}');
	});

	it('serves hex ids, Z timestamps on sandboxes/conversations and naive ones on start tasks read back', async () => {
		const server = await startServer();
		const sandboxes = await get(server, '/api/v1/sandboxes/search');
		expect(sandboxes.json.items.length).toBeGreaterThanOrEqual(8);
		for (const s of sandboxes.json.items) {
			expect(s.id).toMatch(SANDBOX_ID);
			expect(s.created_at).toMatch(UTC_Z);
			expect(s.created_by_user_id).toBeNull();
		}
		const conversations = await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true');
		for (const c of conversations.json.items) {
			expect(c.id).toMatch(HEX32);
			expect(c.created_at).toMatch(UTC_Z);
			expect(c.updated_at).toMatch(UTC_Z);
			expect(c.metrics.model_name).toBe('default');
		}
		const tasks = await get(server, '/api/v1/app-conversations/start-tasks/search');
		expect(tasks.json.items.length).toBeGreaterThan(0);
		for (const t of tasks.json.items) {
			expect(t.id).toMatch(HEX32);
			expect(t.created_at).toMatch(NAIVE);
			expect(t.updated_at).toMatch(NAIVE);
		}
		// compact JSON with Python floats, and the cache headers of CacheControlMiddleware
		expect(conversations.text).toContain('"accumulated_cost":0.0');
		expect(conversations.text).not.toMatch(/": /);
		expect(conversations.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate, max-age=0');
		expect(conversations.headers.get('pragma')).toBe('no-cache');
		expect(conversations.headers.get('expires')).toBe('0');
	});

	it('lists newest first everywhere', async () => {
		const server = await startServer();
		for (const path of ['/api/v1/sandboxes/search', '/api/v1/app-conversations/search', '/api/v1/app-conversations/start-tasks/search']) {
			const items: {created_at: string}[] = (await get(server, path)).json.items;
			const times = items.map(i => Date.parse(i.created_at.endsWith('Z') ? i.created_at : `${i.created_at}Z`));
			expect(times).toEqual([...times].sort((a, b) => b - a));
		}
	});
});
