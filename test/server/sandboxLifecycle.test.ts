import {describe, expect, it} from 'vitest';
import type {StandInServer} from '../../source/server/index.js';
import {get, manualClock, post, request, SANDBOX_ID, startServer, UTC_Z} from './helpers.js';

const BOOT = 4000;

async function sandbox(server: StandInServer, id: string) {
	return (await get(server, `/api/v1/sandboxes?id=${id}`)).json[0];
}

async function statuses(server: StandInServer) {
	return (await get(server, '/api/v1/sandboxes/search')).json.items.map((s: {status: string}) => s.status);
}

describe('sandbox lifecycle (docker backend)', () => {
	it('start → STARTING, ERROR while booting, then RUNNING with a key and 4 urls', async () => {
		const clock = manualClock();
		const server = await startServer({seed: 'empty', bootMs: BOOT, now: clock.now});
		const started = await post(server, '/api/v1/sandboxes');
		expect(started.status).toBe(200);
		expect(started.json).toMatchObject({
			created_by_user_id: null,
			sandbox_spec_id: 'ghcr.io/openhands/agent-server:4e2ecd8-python',
			status: 'STARTING',
			session_api_key: null,
			exposed_urls: null,
		});
		expect(started.json.id).toMatch(SANDBOX_ID);
		expect(started.json.created_at).toMatch(UTC_Z);

		const booting = await sandbox(server, started.json.id);
		expect(booting).toMatchObject({status: 'ERROR', session_api_key: null, exposed_urls: null});

		clock.advance(BOOT);
		const running = await sandbox(server, started.json.id);
		expect(running.status).toBe('RUNNING');
		expect(running.session_api_key).toMatch(/^[0-9A-Za-z]{38,43}$/);
		expect(running.exposed_urls.map((u: {name: string}) => u.name)).toEqual(['AGENT_SERVER', 'VSCODE', 'WORKER_1', 'WORKER_2']);
		// AGENT_SERVER is the stand-in's agent-server listener (issue 10); the others keep docker's localhost urls
		expect(running.exposed_urls[0].url).toBe(server.agentUrl);
		for (const u of running.exposed_urls.slice(1)) expect(u.url).toMatch(/^http:\/\/localhost:\d+/);
		expect(running.exposed_urls[1].url).toMatch(
			new RegExp(`^http://localhost:\\d+/\\?tkn=${running.session_api_key}&folder=/workspace/project$`),
		);
	});

	it('takes the spec from the query, 500 for an unknown one', async () => {
		const server = await startServer({seed: 'empty'});
		const nodejs = await post(server, '/api/v1/sandboxes?sandbox_spec_id=ghcr.io/openhands/agent-server:4e2ecd8-nodejs');
		expect(nodejs.json.sandbox_spec_id).toBe('ghcr.io/openhands/agent-server:4e2ecd8-nodejs');
		const unknown = await post(server, '/api/v1/sandboxes?sandbox_spec_id=nope');
		expect([unknown.status, unknown.text]).toEqual([500, 'Internal Server Error']);
	});

	it('pause → PAUSED with nulls, resume → RUNNING at once; resume of an exited one boots again', async () => {
		const clock = manualClock();
		const server = await startServer({seed: 'empty', bootMs: BOOT, now: clock.now});
		const {id} = (await post(server, '/api/v1/sandboxes')).json;
		clock.advance(BOOT);
		const paused = await post(server, `/api/v1/sandboxes/${id}/pause`, {});
		expect(paused.text).toBe('{"success":true}');
		expect(await sandbox(server, id)).toMatchObject({status: 'PAUSED', session_api_key: null, exposed_urls: null});
		expect((await post(server, `/api/v1/sandboxes/${id}/resume`, {})).json).toEqual({success: true});
		expect((await sandbox(server, id)).status).toBe('RUNNING');

		// the demo seed has containers stopped from the Docker console: they read PAUSED
		const demo = await startServer({bootMs: BOOT, now: clock.now});
		const items = (await get(demo, '/api/v1/sandboxes/search')).json.items;
		const pausedOnes = items.filter((s: {status: string}) => s.status === 'PAUSED');
		expect(pausedOnes.length).toBeGreaterThanOrEqual(2);
		const seen = [];
		for (const s of pausedOnes) {
			await post(demo, `/api/v1/sandboxes/${s.id}/resume`);
			seen.push((await sandbox(demo, s.id)).status);
		}
		// unpaused → RUNNING at once; started from exited → ERROR while the agent server boots
		expect(seen).toContain('RUNNING');
		expect(seen).toContain('ERROR');
		clock.advance(BOOT);
		for (const s of pausedOnes) expect((await sandbox(demo, s.id)).status).not.toBe('PAUSED');
	});

	it('answers 404 for pause/resume of an unknown sandbox', async () => {
		const server = await startServer();
		for (const action of ['pause', 'resume']) {
			const res = await post(server, `/api/v1/sandboxes/oh-agent-server-nope/${action}`);
			expect([res.status, res.text]).toEqual([404, '{"detail":"Not Found"}']);
		}
	});

	it('deletes through the ?sandbox_id= quirk only (legacy)', async () => {
		const server = await startServer({generation: 'legacy', seed: 'empty'});
		const {id} = (await post(server, '/api/v1/sandboxes')).json;
		const noQuery = await request(server, `/api/v1/sandboxes/${id}`, {method: 'DELETE'});
		expect(noQuery.status).toBe(422);
		expect(noQuery.text).toBe('{"detail":[{"type":"missing","loc":["query","sandbox_id"],"msg":"Field required","input":null}]}');
		const deleted = await request(server, `/api/v1/sandboxes/ignored?sandbox_id=${id}`, {method: 'DELETE'});
		expect(deleted.json).toEqual({success: true});
		expect(await sandbox(server, id)).toBeNull();
		const again = await request(server, `/api/v1/sandboxes/${id}?sandbox_id=${id}`, {method: 'DELETE'});
		expect(again.status).toBe(404);
	});

	it('pauses the oldest RUNNING sandboxes so at most 4 keep running before a start', async () => {
		const clock = manualClock();
		const server = await startServer({seed: 'empty', bootMs: BOOT, now: clock.now});
		const ids: string[] = [];
		for (let i = 0; i < 6; i++) {
			ids.push((await post(server, '/api/v1/sandboxes')).json.id);
			clock.advance(BOOT);
		}
		const list = await statuses(server);
		expect(list.filter((s: string) => s === 'RUNNING')).toHaveLength(5);
		expect((await sandbox(server, ids[0]!)).status).toBe('PAUSED');
		expect((await sandbox(server, ids[5]!)).status).toBe('RUNNING');
	});

	it('shows live fields on conversations from their sandbox, MISSING once it is gone', async () => {
		const clock = manualClock();
		const server = await startServer({bootMs: BOOT, now: clock.now});
		const all = (await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true')).json.items;
		const statusSet = new Set(all.map((c: {sandbox_status: string}) => c.sandbox_status));
		expect(statusSet).toEqual(new Set(['RUNNING', 'PAUSED', 'ERROR', 'MISSING']));
		const running = all.find((c: {sandbox_status: string}) => c.sandbox_status === 'RUNNING');
		const box = await sandbox(server, running.sandbox_id);
		expect(running.session_api_key).toBe(box.session_api_key);
		expect(running.conversation_url).toBe(`${box.exposed_urls[0].url}/api/conversations/${running.id}`);
		expect(running.execution_status).toEqual(expect.any(String));
		for (const c of all.filter((c: {sandbox_status: string}) => c.sandbox_status !== 'RUNNING')) {
			expect([c.execution_status, c.conversation_url, c.session_api_key]).toEqual([null, null, null]);
		}
		await request(server, `/api/v1/sandboxes/x?sandbox_id=${running.sandbox_id}`, {method: 'DELETE'});
		const [after] = (await get(server, `/api/v1/app-conversations?ids=${running.id}`)).json;
		expect(after).toMatchObject({sandbox_status: 'MISSING', execution_status: null, conversation_url: null, session_api_key: null});
	});
});
