// Deleting conversations and sandboxes on both generations (shared/openhands-api-newer.md 7.1, 7.3).
import {describe, expect, it} from 'vitest';
import type {StandInServer} from '../../source/server/index.js';
import {get, pollUntil, post, request, startServer} from './helpers.js';

type Conversation = {id: string; sandbox_id: string; parent_conversation_id: string | null};

const del = (server: StandInServer, path: string, headers: Record<string, string> = {}) => request(server, path, {method: 'DELETE', headers});

async function topLevel(server: StandInServer): Promise<Conversation[]> {
	return (await get(server, '/api/v1/app-conversations/search')).json.items;
}

async function everyConversation(server: StandInServer): Promise<Conversation[]> {
	return (await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true')).json.items;
}

const sandboxExists = async (server: StandInServer, id: string) => (await get(server, `/api/v1/sandboxes?id=${id}`)).json[0] !== null;

/** Two seeded conversations that share a sandbox with no other, and those alone in their own. */
function pick(conversations: Conversation[]) {
	const count = new Map<string, number>();
	for (const c of conversations) count.set(c.sandbox_id, (count.get(c.sandbox_id) ?? 0) + 1);
	const shared = conversations.filter(c => count.get(c.sandbox_id) === 2);
	return {sharedPair: shared.filter(c => c.sandbox_id === shared[0]!.sandbox_id), alone: conversations.filter(c => count.get(c.sandbox_id) === 1)};
}

describe('current: DELETE /api/v1/app-conversations/{id}', () => {
	it('answers 400 for a malformed id, 404 for an unknown one, {"success":true} and removes it', async () => {
		const server = await startServer({stepMs: 20});
		const malformed = await del(server, '/api/v1/app-conversations/not-a-uuid');
		expect([malformed.status, malformed.text]).toEqual([400, '{"detail":"Invalid conversation ID format"}']);
		const unknown = await del(server, `/api/v1/app-conversations/${'0'.repeat(32)}`);
		expect([unknown.status, unknown.text]).toEqual([404, '{"detail":"Conversation not found"}']);

		const [first] = await topLevel(server);
		const dashed = first!.id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
		const deleted = await del(server, `/api/v1/app-conversations/${dashed}`);
		expect([deleted.status, deleted.text]).toEqual([200, '{"success":true}']);
		expect((await get(server, `/api/v1/app-conversations?ids=${first!.id}`)).json).toEqual([null]);
		expect((await topLevel(server)).map(c => c.id)).not.toContain(first!.id);
		expect((await del(server, `/api/v1/app-conversations/${first!.id}`)).status).toBe(404);
	});

	it('deletes the sandbox later only once no conversation references it', async () => {
		const server = await startServer({stepMs: 20});
		const {sharedPair, alone} = pick(await everyConversation(server));
		const [a, b] = sharedPair as [Conversation, Conversation];
		let solo: Conversation | undefined;
		for (const c of alone) if (!solo && (await sandboxExists(server, c.sandbox_id))) solo = c;
		expect(solo).toBeDefined();

		expect((await del(server, `/api/v1/app-conversations/${a.id}`)).json).toEqual({success: true});
		expect((await del(server, `/api/v1/app-conversations/${solo!.id}`)).json).toEqual({success: true});
		// both clean-ups wait the same delay, so once the second has run the first has too
		await pollUntil(() => sandboxExists(server, solo!.sandbox_id), exists => !exists);
		expect(await sandboxExists(server, a.sandbox_id)).toBe(true);
		const [sibling] = (await get(server, `/api/v1/app-conversations?ids=${b.id}`)).json;
		expect(sibling.sandbox_status).not.toBe('MISSING');

		// the last reference gone, the sandbox goes too
		await del(server, `/api/v1/app-conversations/${b.id}`);
		await pollUntil(() => sandboxExists(server, a.sandbox_id), exists => !exists);
	});

	it('is not a legacy route: legacy answers 405 from the web app mount, current has no legacy delete', async () => {
		const legacy = await startServer({generation: 'legacy'});
		const [first] = await topLevel(legacy);
		expect((await del(legacy, `/api/v1/app-conversations/${first!.id}`)).status).toBe(405);
		const current = await startServer();
		const [other] = await topLevel(current);
		expect((await del(current, `/api/conversations/${other!.id}`)).text).toBe('{"detail":"Not Found"}');
	});
});

describe('legacy: DELETE /api/conversations/{id}', () => {
	it('answers a bare true, then false; an id over 100 characters → 400', async () => {
		const server = await startServer({generation: 'legacy', stepMs: 20});
		const [first] = await topLevel(server);
		const deleted = await del(server, `/api/conversations/${first!.id}`);
		expect([deleted.status, deleted.text]).toEqual([200, 'true']);
		expect((await get(server, `/api/v1/app-conversations?ids=${first!.id}`)).json).toEqual([null]);
		const again = await del(server, `/api/conversations/${first!.id}`);
		expect([again.status, again.text]).toEqual([200, 'false']);
		const long = await del(server, `/api/conversations/${'a'.repeat(101)}`);
		expect([long.status, long.text]).toEqual([400, '{"detail":"Conversation ID is too long"}']);
	});

	it('is a legacy route: guarded by the session key when one is set', async () => {
		const server = await startServer({generation: 'legacy', apiKey: 'k-legacy'});
		const [first] = await topLevel(server);
		expect((await del(server, `/api/conversations/${first!.id}`)).status).toBe(401);
		expect((await del(server, `/api/conversations/${first!.id}`, {'X-Session-API-Key': 'k-legacy'})).text).toBe('true');
	});
});

describe('DELETE /api/v1/sandboxes/{id}', () => {
	it('current accepts the path id, and ?sandbox_id= when given (the path then ignored)', async () => {
		const server = await startServer({seed: 'empty'});
		const one = (await post(server, '/api/v1/sandboxes')).json.id;
		const two = (await post(server, '/api/v1/sandboxes')).json.id;
		expect((await del(server, `/api/v1/sandboxes/${one}`)).json).toEqual({success: true});
		expect(await sandboxExists(server, one)).toBe(false);
		expect((await del(server, `/api/v1/sandboxes/ignored?sandbox_id=${two}`)).json).toEqual({success: true});
		expect(await sandboxExists(server, two)).toBe(false);
		const gone = await del(server, `/api/v1/sandboxes/${one}`);
		expect([gone.status, gone.text]).toEqual([404, '{"detail":"Not Found"}']);
	});

	it('legacy needs ?sandbox_id= (422 loc query.sandbox_id without it)', async () => {
		const server = await startServer({generation: 'legacy', seed: 'empty'});
		const id = (await post(server, '/api/v1/sandboxes')).json.id;
		const noQuery = await del(server, `/api/v1/sandboxes/${id}`);
		expect(noQuery.status).toBe(422);
		expect(noQuery.json.detail[0].loc).toEqual(['query', 'sandbox_id']);
		expect(await sandboxExists(server, id)).toBe(true);
		expect((await del(server, `/api/v1/sandboxes/${id}?sandbox_id=${id}`)).json).toEqual({success: true});
	});
});
