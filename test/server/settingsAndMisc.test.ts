import {describe, expect, it} from 'vitest';
import {RateLimiter} from '../../source/server/rateLimit.js';
import {get, request, startServer} from './helpers.js';

const FIELDS = [
	'language', 'agent', 'max_iterations', 'security_analyzer', 'confirmation_mode', 'llm_model', 'llm_api_key',
	'llm_base_url', 'remote_runtime_resource_factor', 'secrets_store', 'enable_default_condenser',
	'enable_sound_notifications', 'enable_proactive_conversation_starters', 'enable_solvability_analysis',
	'user_consents_to_analytics', 'sandbox_base_container_image', 'sandbox_runtime_container_image', 'mcp_config',
	'search_api_key', 'sandbox_api_key', 'max_budget_per_task', 'condenser_max_size', 'email', 'email_verified',
	'git_user_name', 'git_user_email', 'provider_tokens_set', 'llm_api_key_set', 'search_api_key_set',
];

// legacy (d6fab190) settings; current: test/server/currentGeneration.test.ts
describe('legacy settings', () => {
	it('answers every field in order with secrets hidden and MCP servers of all three kinds', async () => {
		const server = await startServer({generation: 'legacy'});
		const res = await get(server, '/api/settings');
		expect(res.status).toBe(200);
		expect(Object.keys(res.json)).toEqual(FIELDS);
		expect(res.json).toMatchObject({
			llm_api_key: null,
			search_api_key: null,
			sandbox_api_key: null,
			secrets_store: {provider_tokens: {}},
			llm_api_key_set: true,
			search_api_key_set: true,
		});
		const mcp = res.json.mcp_config;
		expect(mcp.sse_servers.length).toBeGreaterThan(0);
		expect(mcp.stdio_servers.length).toBeGreaterThan(0);
		expect(mcp.shttp_servers.length).toBeGreaterThan(0);
		// the real server does not mask these
		expect(mcp.shttp_servers[0].api_key).toEqual(expect.any(String));
		expect(Object.values(mcp.stdio_servers.find((s: {env: object}) => Object.keys(s.env).length > 0).env)[0]).toEqual(expect.any(String));
	});

	it('requires the session key (header or bearer) when an api key is set; V1 stays open', async () => {
		const server = await startServer({generation: 'legacy', apiKey: 'k-123'});
		const none = await get(server, '/api/settings');
		expect([none.status, none.text]).toEqual([401, '{"detail":"Unauthorized"}']);
		const wrong = await request(server, '/api/settings', {headers: {'X-Session-API-Key': 'nope'}});
		expect(wrong.status).toBe(401);
		expect((await request(server, '/api/settings', {headers: {'X-Session-API-Key': 'k-123'}})).status).toBe(200);
		expect((await request(server, '/api/settings', {headers: {Authorization: 'Bearer k-123'}})).status).toBe(200);
		expect((await get(server, '/api/v1/sandboxes/search')).status).toBe(200);
	});

	it('answers 404 Settings not found when there are none', async () => {
		const server = await startServer({generation: 'legacy', withSettings: false});
		const res = await get(server, '/api/settings');
		expect([res.status, res.text]).toEqual([404, '{"error":"Settings not found"}']);
	});
});

describe('unknown routes', () => {
	it('answers an unknown GET with the SPA html and other methods with 405 (legacy)', async () => {
		const server = await startServer({generation: 'legacy'});
		const page = await get(server, '/api/v1/nothing-here');
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toMatch(/^text\/html/);
		expect(page.text).toContain('<!DOCTYPE html>');
		// a known path with the wrong method falls to the SPA mount too
		expect((await get(server, '/api/v1/sandboxes/x/pause')).headers.get('content-type')).toMatch(/^text\/html/);
		const post = await request(server, '/api/v1/sandboxes/search', {method: 'POST'});
		expect([post.status, post.text]).toEqual([405, '{"detail":"Method Not Allowed"}']);
	});

	it('records every request it sees', async () => {
		const server = await startServer();
		server.clearRequests();
		await get(server, '/api/v1/sandboxes/search?limit=2');
		await request(server, '/api/v1/sandboxes/a/pause', {method: 'POST'});
		expect(server.requests.map(r => [r.method, r.path, r.query])).toEqual([
			['GET', '/api/v1/sandboxes/search', 'limit=2'],
			['POST', '/api/v1/sandboxes/a/pause', ''],
		]);
		expect(server.requests[0]!.at).toEqual(expect.any(Number));
	});
});

describe('rate limiter', () => {
	it('passes 10 per second, delays the next 10, rejects beyond 20', () => {
		let now = 0;
		const limiter = new RateLimiter(() => now);
		const decisions = Array.from({length: 22}, () => limiter.check('127.0.0.1'));
		expect(decisions.filter(d => d === 'pass')).toHaveLength(10);
		expect(decisions.filter(d => d === 'delay')).toHaveLength(10);
		expect(decisions.slice(20)).toEqual(['reject', 'reject']);
		expect(limiter.check('10.0.0.2')).toBe('pass');
		now += 1001;
		expect(limiter.check('127.0.0.1')).toBe('pass');
	});

	it('answers 429 Too many requests with Retry-After over HTTP', async () => {
		const server = await startServer({rateLimit: true, seed: 'empty'});
		const all = await Promise.all(Array.from({length: 24}, () => get(server, '/api/v1/sandbox-specs/search')));
		const rejected = all.filter(r => r.status === 429);
		expect(rejected).toHaveLength(4);
		expect(rejected[0]!.text).toBe('{"message":"Too many requests"}');
		expect(rejected[0]!.headers.get('retry-after')).toBe('1');
		expect(all.filter(r => r.status === 200)).toHaveLength(20);
	});
});
