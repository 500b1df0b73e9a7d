// What a client probing the stand-in sees in each flavour (shared/openhands-api-newer.md 1.2 and 3):
// status AND content type, since an HTML 200 means "no such route" where the web app is served.
import {describe, expect, it} from 'vitest';
import type {StandInOptions, StandInServer} from '../../source/server/index.js';
import {request, startServer} from './helpers.js';

const KEY = 'k-probe-123';
const JSON_TYPE = /^application\/json/;
const HTML_TYPE = /^text\/html/;

type Flavour = {name: string; options: StandInOptions; auth: Record<string, string>};

const FLAVOURS: Flavour[] = [
	{name: 'legacy', options: {generation: 'legacy'}, auth: {'X-Session-API-Key': KEY}},
	{name: 'current', options: {generation: 'current'}, auth: {'X-Session-API-Key': KEY}},
	{name: 'cloud', options: {cloud: true}, auth: {Authorization: `Bearer ${KEY}`}},
];

/** [path, status, content type, what the JSON body has (a key, or the exact text)] per flavour */
const TABLE: Record<string, [string, number, RegExp, string][]> = {
	legacy: [
		['/api/v1/settings', 200, HTML_TYPE, '<!DOCTYPE html>'],
		['/api/settings', 200, JSON_TYPE, 'llm_model'],
		['/api/v1/web-client/config', 200, HTML_TYPE, '<!DOCTYPE html>'],
		['/api/options/config', 200, JSON_TYPE, 'APP_MODE'],
	],
	current: [
		['/api/v1/settings', 200, JSON_TYPE, 'agent_settings'],
		['/api/settings', 404, JSON_TYPE, '{"detail":"Not Found"}'],
		['/api/v1/web-client/config', 200, JSON_TYPE, 'app_mode'],
		['/api/options/config', 404, JSON_TYPE, '{"detail":"Not Found"}'],
	],
	cloud: [
		['/api/v1/settings', 200, JSON_TYPE, 'agent_settings'],
		['/api/settings', 200, HTML_TYPE, '<!DOCTYPE html>'],
		['/api/v1/web-client/config', 200, JSON_TYPE, 'app_mode'],
		['/api/options/config', 200, HTML_TYPE, '<!DOCTYPE html>'],
	],
};

async function answer(server: StandInServer, path: string, headers: Record<string, string> = {}) {
	const res = await request(server, path, {headers});
	return {status: res.status, type: res.headers.get('content-type') ?? '', text: res.text, json: res.json};
}

describe.each(FLAVOURS)('probe answers ($name)', ({name, options, auth}) => {
	it('answers the probe paths with the status and content type of the newer doc 1.2 table', async () => {
		const server = await startServer({...options, apiKey: KEY});
		for (const [path, status, type, has] of TABLE[name]!) {
			const got = await answer(server, path, auth);
			expect([path, got.status], got.text.slice(0, 200)).toEqual([path, status]);
			expect(got.type).toMatch(type);
			if (has.startsWith('{') || has.startsWith('<')) expect(got.text.startsWith(has) || got.text === has).toBe(true);
			else expect(Object.keys(got.json)).toContain(has);
		}
	});

	it('answers 404 Settings not found on its settings route before the first save', async () => {
		const server = await startServer({...options, apiKey: KEY, withSettings: false});
		const path = name === 'legacy' ? '/api/settings' : '/api/v1/settings';
		const got = await answer(server, path, auth);
		expect([got.status, got.text]).toEqual([404, '{"error":"Settings not found"}']);
		expect(got.type).toMatch(JSON_TYPE);
	});

	it('tells OSS from SaaS in the web-client config, which needs no credentials', async () => {
		const server = await startServer({...options, apiKey: KEY});
		if (name === 'legacy') {
			expect((await answer(server, '/api/options/config')).json).toMatchObject({APP_MODE: 'oss'});
			return;
		}
		const config = await answer(server, '/api/v1/web-client/config');
		expect(config.status).toBe(200);
		expect(config.json).toMatchObject({kind: 'WebClientConfig', app_mode: name === 'cloud' ? 'saas' : 'oss', updated_at: '2026-01-01T00:00:00Z'});
		expect(Object.keys(config.json)).toEqual([
			'kind', 'app_mode', 'posthog_client_key', 'feature_flags', 'providers_configured', 'maintenance_start_time', 'auth_url',
			'recaptcha_site_key', 'faulty_models', 'error_message', 'updated_at', 'github_app_slug', 'slack_enabled',
		]);
	});
});

describe('authentication per flavour', () => {
	it('legacy: the key guards /api/settings (session header or Bearer); V1 stays open', async () => {
		const server = await startServer({generation: 'legacy', apiKey: KEY});
		const none = await answer(server, '/api/settings');
		expect([none.status, none.text]).toEqual([401, '{"detail":"Unauthorized"}']);
		expect((await answer(server, '/api/settings', {Authorization: `Bearer ${KEY}`})).status).toBe(200);
		expect((await answer(server, '/api/v1/sandboxes/search')).status).toBe(200);
		expect((await answer(server, '/api/v1/app-conversations/search')).status).toBe(200);
	});

	it('current: every V1 route but web-client needs X-Session-API-Key; Bearer alone is refused', async () => {
		const server = await startServer({generation: 'current', apiKey: KEY});
		for (const path of ['/api/v1/settings', '/api/v1/sandboxes/search', '/api/v1/app-conversations/search', '/api/v1/sandbox-specs/search', '/api/v1/app-conversations/start-tasks/search']) {
			const none = await answer(server, path);
			expect([path, none.status, none.text]).toEqual([path, 401, '{"detail":"Unauthorized"}']);
			expect((await answer(server, path, {'X-Session-API-Key': 'wrong'})).status).toBe(401);
			expect((await answer(server, path, {Authorization: `Bearer ${KEY}`})).status).toBe(401);
			expect((await answer(server, path, {'X-Session-API-Key': KEY})).status).toBe(200);
		}
		// a POST is guarded before its body is validated
		const post = await request(server, '/api/v1/app-conversations', {method: 'POST'});
		expect(post.status).toBe(401);
		// unknown paths are not routes: no dependency, plain 404
		expect((await answer(server, '/api/settings')).status).toBe(404);
		expect((await answer(server, '/api/v1/web-client/config')).status).toBe(200);
	});

	it('cloud: Bearer only; missing or wrong credentials → 401 NoCredentialsError', async () => {
		const server = await startServer({cloud: true, apiKey: KEY});
		const none = await answer(server, '/api/v1/settings');
		expect([none.status, none.text]).toEqual([401, '{"error":"NoCredentialsError"}']);
		expect(none.type).toMatch(JSON_TYPE);
		// the session header alone is not a credential in this flavour
		expect((await answer(server, '/api/v1/settings', {'X-Session-API-Key': KEY})).text).toBe('{"error":"NoCredentialsError"}');
		expect((await answer(server, '/api/v1/sandboxes/search', {Authorization: 'Bearer wrong'})).status).toBe(401);
		expect((await answer(server, '/api/v1/sandboxes/search', {Authorization: `Bearer ${KEY}`})).status).toBe(200);
		// the auth middleware runs on every /api path carrying no credentials, known or not
		expect((await answer(server, '/api/settings')).text).toBe('{"error":"NoCredentialsError"}');
		expect((await answer(server, '/api/settings', {Authorization: `Bearer ${KEY}`})).type).toMatch(HTML_TYPE);
		// the web app itself and the web-client config are public
		expect((await answer(server, '/conversations')).type).toMatch(HTML_TYPE);
		expect((await answer(server, '/api/v1/web-client/config')).status).toBe(200);
	});

	it('without an api key no flavour checks anything', async () => {
		for (const options of [{generation: 'current'}, {cloud: true}] as StandInOptions[]) {
			const server = await startServer(options);
			expect((await answer(server, '/api/v1/settings')).status).toBe(200);
			expect((await answer(server, '/api/v1/sandboxes/search')).status).toBe(200);
		}
	});
});
