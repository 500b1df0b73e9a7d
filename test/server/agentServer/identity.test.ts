import {describe, expect, it} from 'vitest';
import {manualClock} from '../helpers.js';
import {call, startAgent} from './helpers.js';

const KEY = 'session-key-1';

describe('agent server stand-in: identity, auth, errors (shared/openhands-agent-server.md §1-§3; §10 items 1-5, 30)', () => {
	it('answers /server_info and / without a key: the agent-server title, version 1.43.1, whole seconds as floats', async () => {
		const server = await startAgent({apiKey: KEY});
		const info = await call(server, '/server_info');
		expect(info.status).toBe(200);
		expect(Object.keys(info.json)).toEqual([
			'uptime', 'idle_time', 'title', 'version', 'sdk_version', 'tools_version', 'workspace_version', 'build_git_sha', 'build_git_ref',
			'python_version', 'usable_tools', 'runtime_idle_timeout_seconds', 'capabilities', 'max_foreground_terminal_timeout_seconds', 'docs', 'redoc',
		]);
		expect(info.json).toMatchObject({title: 'OpenHands Agent Server', version: '1.43.1', sdk_version: '1.43.1', docs: '/docs', redoc: '/redoc'});
		expect(info.text).toMatch(/"uptime":\d+\.0,"idle_time":\d+\.0,/);
		expect(info.json.usable_tools).toContain('terminal');
		const root = await call(server, '/');
		expect(root.json.title).toBe('OpenHands Agent Server');
	});

	it('counts uptime from the start and idle time from the last API use or agent step', async () => {
		const clock = manualClock();
		const server = await startAgent({now: clock.now});
		clock.advance(90_000);
		expect((await call(server, '/server_info')).json).toMatchObject({uptime: 90, idle_time: 90});
		await call(server, '/api/conversations/count');
		clock.advance(5_000);
		expect((await call(server, '/server_info')).json).toMatchObject({uptime: 95, idle_time: 5});
		const c = (await call(server, '/api/conversations/search?status=finished&limit=1')).json.items[0];
		await call(server, `/api/conversations/${c.id}/run`, {method: 'POST'});
		clock.advance(60_000);
		// the agent stepped meanwhile (the catch-up before this request)
		expect((await call(server, '/server_info')).json.idle_time).toBeLessThan(60);
	});

	it('answers /alive, /health and /ready (503 initializing when not ready)', async () => {
		const server = await startAgent({apiKey: KEY});
		expect((await call(server, '/alive')).text).toBe('{"status":"ok"}');
		expect((await call(server, '/health')).text).toBe('{"status":"ok"}');
		expect((await call(server, '/ready')).text).toBe('{"status":"ready"}');
		const starting = await startAgent({ready: false});
		const ready = await call(starting, '/ready');
		expect([ready.status, ready.text]).toEqual([503, '{"status":"initializing","message":"Server is still initializing"}']);
	});

	it('wants X-Session-API-Key on /api: 401 without it, with a wrong one or with Bearer; any of several keys works', async () => {
		const server = await startAgent({apiKey: [KEY, 'rotated-key']});
		for (const headers of [{}, {'X-Session-API-Key': 'wrong'}, {Authorization: `Bearer ${KEY}`}] as Record<string, string>[]) {
			const got = await call(server, '/api/conversations/count', {headers});
			expect([got.status, got.text]).toEqual([401, '{"detail":"Unauthorized"}']);
		}
		expect((await call(server, '/api/conversations/count', {key: KEY})).status).toBe(200);
		expect((await call(server, '/api/conversations/count', {key: 'rotated-key'})).status).toBe(200);
		// no key configured: everything open
		const open = await startAgent();
		expect((await call(open, '/api/conversations/count')).status).toBe(200);
	});

	it('answers 404 {"detail":"Not Found"} for unknown paths before any key check, 405 for a wrong method', async () => {
		const server = await startAgent({apiKey: KEY});
		for (const [method, path] of [['GET', '/nothing'], ['POST', '/api/nothing'], ['GET', '/api/v1/settings'], ['GET', '/api/v1/web-client/config'], ['DELETE', '/sockets/events/x']]) {
			const got = await call(server, path!, {method});
			expect([method, path, got.status, got.text]).toEqual([method, path, 404, '{"detail":"Not Found"}']);
		}
		const wrong = await call(server, '/api/conversations/search', {method: 'POST', key: KEY});
		expect([wrong.status, wrong.text]).toEqual([405, '{"detail":"Method Not Allowed"}']);
	});

	it('sends vary: Origin on every answer and allows localhost origins (CORS, §1.3)', async () => {
		const server = await startAgent();
		const local = await call(server, '/api/conversations/count', {headers: {Origin: 'http://localhost:3000'}});
		expect(local.headers.get('vary')).toBe('Origin');
		expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
		const other = await call(server, '/nothing', {headers: {Origin: 'https://evil.example'}});
		expect(other.headers.get('vary')).toBe('Origin');
		expect(other.headers.get('access-control-allow-origin')).toBeNull();
		expect(other.headers.get('server')).toBe('uvicorn');
		const preflight = await call(server, '/api/conversations/count', {
			method: 'OPTIONS',
			headers: {Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-session-api-key'},
		});
		expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-headers')]).toEqual([
			200,
			'http://127.0.0.1:5173',
			'x-session-api-key',
		]);
		const refused = await call(server, '/api/conversations/count', {method: 'OPTIONS', headers: {Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET'}});
		expect([refused.status, refused.text]).toEqual([400, 'Disallowed CORS origin']);
		// an unhandled exception is answered outside the CORS middleware (seen on a real 1.43.1)
		const crash = await call(server, '/api/conversations/search?limit=101', {headers: {Origin: 'http://localhost:3000'}});
		expect(crash.status).toBe(500);
		expect(crash.headers.get('vary')).toBeNull();
	});

	it('shows its settings with exactly six top-level keys and the LLM key redacted; X-Expose-Secrets decides', async () => {
		const server = await startAgent({apiKey: KEY});
		const settings = await call(server, '/api/settings', {key: KEY});
		expect(Object.keys(settings.json)).toEqual(['agent_settings', 'conversation_settings', 'llm_api_key_is_set', 'active_profile', 'active_agent_profile_id', 'misc_settings']);
		expect(settings.json.agent_settings.llm.api_key).toBe('**********');
		expect(settings.json.agent_settings.llm.aws_secret_access_key).toBeNull();
		expect(settings.json.llm_api_key_is_set).toBe(true);
		const encrypted = await call(server, '/api/settings', {key: KEY, headers: {'X-Expose-Secrets': 'encrypted'}});
		const again = await call(server, '/api/settings', {key: KEY, headers: {'X-Expose-Secrets': 'true'}});
		expect(encrypted.json.agent_settings.llm.api_key).toMatch(/^gAAAAA[\w-]{40,}$/);
		expect(again.json.agent_settings.llm.api_key).not.toBe(encrypted.json.agent_settings.llm.api_key);
		const plain = await call(server, '/api/settings', {key: KEY, headers: {'X-Expose-Secrets': 'plaintext'}});
		expect(plain.json.agent_settings.llm.api_key).toMatch(/^sk-ant-api03-\w{30,}$/);
		expect(settings.text).not.toContain(plain.json.agent_settings.llm.api_key);
		const bad = await call(server, '/api/settings', {key: KEY, headers: {'X-Expose-Secrets': 'yes please'}});
		expect([bad.status, bad.json.detail]).toEqual([400, "Invalid X-Expose-Secrets header value: 'yes please'. Valid values are: 'encrypted', 'plaintext'."]);
	});

	it('lists LLM profiles without their keys', async () => {
		const server = await startAgent();
		const profiles = await call(server, '/api/profiles');
		expect(profiles.json.active_profile).toBe('work-claude');
		expect(profiles.json.profiles[0]).toEqual({name: 'work-claude', model: 'anthropic/claude-sonnet-4-5-20250929', base_url: null, provider_connection_id: null, provider_connection_broken: false, api_key_set: true});
		expect(profiles.text).not.toMatch(/sk-/);
	});
});
