/**
 * Small node:http servers answering the settings, web-client and auth routes as each server
 * generation does (shared/openhands-api-newer.md 1.1-1.3, 2, 3; openhands-api.md 1.5, 1.7, 2.1):
 * enough for the probe, auth `auto` and getSettings, over real HTTP on 127.0.0.1. The full stand-in
 * (source/server, `generation`/`cloud`) covers the rest once it lands.
 */
import {readFileSync} from 'node:fs';
import type {ServerResponse} from 'node:http';
import {type SeenRequest, sendJson, sendText, startTestServer, type TestServer} from './testServer.js';

export type Flavour = 'legacy' | 'legacy-headless' | 'current' | 'current-spa' | 'cloud';

export type GenerationServerOptions = {
	flavour: Flavour;
	/** SESSION_API_KEY (OSS) / the Cloud API key; none: nothing is checked */
	apiKey?: string | null;
	/** false: a fresh install (`404 {"error":"Settings not found"}`) */
	withSettings?: boolean;
	/** the settings body; default: 8.4 (legacy) or newer doc 2.8 (current) */
	settings?: unknown;
	/** answers every other path (e.g. `/api/v1/sandboxes/search`) when it returns true */
	extra?: (request: SeenRequest, res: ServerResponse) => boolean;
};

export function fixtureJson(name: string): unknown {
	return JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
}

const SPA = '<!DOCTYPE html><html><head><title>OpenHands</title></head><body><div id="root"></div></body></html>';

const WEB_CLIENT = (mode: 'oss' | 'saas') => ({
	kind: 'WebClientConfig',
	app_mode: mode,
	posthog_client_key: 'phc_3ESMmY9SgqEAGBB6sMGK5ayYHkeUuknH2vP6FmWH9RA',
	feature_flags: {enable_billing: false, hide_llm_settings: false, deployment_mode: null},
	providers_configured: [],
	maintenance_start_time: null,
	auth_url: null,
	recaptcha_site_key: null,
	faulty_models: [],
	error_message: null,
	updated_at: '2026-01-01T00:00:00Z',
	github_app_slug: null,
	slack_enabled: false,
});

function bearerOf(request: SeenRequest): string | null {
	const value = request.headers['authorization'];
	return typeof value === 'string' && /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : null;
}

export async function startGenerationServer(options: GenerationServerOptions): Promise<TestServer> {
	const server = await startTestServer();
	const {flavour} = options;
	const key = options.apiKey ?? null;
	const withSettings = options.withSettings ?? true;
	const current = flavour === 'current' || flavour === 'current-spa' || flavour === 'cloud';
	const spa = flavour === 'legacy' || flavour === 'current-spa' || flavour === 'cloud';
	const settings = options.settings ?? fixtureJson(current ? 'newer-2.8-settings.json' : '8.4-settings.json');

	const unknown = (res: ServerResponse, method: string) => {
		if (spa && method === 'GET') sendText(res, 200, SPA, 'text/html; charset=utf-8');
		else if (spa) sendJson(res, 405, {detail: 'Method Not Allowed'});
		else sendJson(res, 404, {detail: 'Not Found'});
	};

	server.handle((request, res) => {
		const {path, method} = request;
		const session = request.headers['x-session-api-key'];
		if (flavour === 'cloud' && key && path.startsWith('/api') && path !== '/api/v1/web-client/config') {
			// SetAuthCookieMiddleware: no credentials at all → 401 on any /api path (openhands-api.md 1.5)
			if (session === undefined && bearerOf(request) === null) return sendJson(res, 401, {error: 'NoCredentialsError'});
		}
		const guard = (): boolean => {
			if (!key) return false;
			if (flavour === 'cloud') {
				// this flavour takes only Bearer (issue 12: "Bearer only")
				if (bearerOf(request) === key) return false;
				sendJson(res, 401, {error: 'NoCredentialsError'});
				return true;
			}
			if (session === key) return false;
			sendJson(res, 401, {detail: 'Unauthorized'});
			return true;
		};
		if (method === 'GET' && path === '/api/v1/web-client/config' && current) {
			return sendJson(res, 200, WEB_CLIENT(flavour === 'cloud' ? 'saas' : 'oss'));
		}
		const settingsPath = current ? '/api/v1/settings' : '/api/settings';
		if (method === 'GET' && path === settingsPath) {
			if (guard()) return;
			if (!withSettings) return sendJson(res, 404, {error: 'Settings not found'});
			return sendJson(res, 200, settings);
		}
		if (path.startsWith('/api/v1/') || (!current && path.startsWith('/api/'))) {
			const guarded = current || !path.startsWith('/api/v1/');
			if (options.extra) {
				if (guarded && guard()) return;
				if (options.extra(request, res)) return;
			}
		}
		unknown(res, method);
	});
	return server;
}
