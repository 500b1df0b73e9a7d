import type {CallOptions} from './client.js';
import {errorFromResponse, tryJson} from './errorFromResponse.js';
import type {Http} from './http.js';
import {parseJsonBody, parseWith} from './parseBody.js';
import {type Settings, settingsSchema} from './schemas/index.js';

/** A fresh install answers `404 {"error":"Settings not found"}` (2.1); the frontend reads it as "first run". */
function isSettingsNotFound(body: unknown): boolean {
	if (!body || typeof body !== 'object') return false;
	const error = (body as {error?: unknown}).error;
	return typeof error === 'string' && /settings not found/i.test(error);
}

/** `GET /api/settings`: the settings, or null on a fresh install. */
export async function getSettings(http: Http, options?: CallOptions): Promise<Settings | null> {
	const raw = await http.send({method: 'GET', path: '/api/settings', signal: options?.signal});
	if (raw.status === 404 && isSettingsNotFound(tryJson(raw))) return null;
	if (raw.status < 200 || raw.status >= 300) throw errorFromResponse(raw.ctx, raw);
	return parseWith(raw.ctx, settingsSchema, parseJsonBody(raw.ctx, raw), raw.status);
}
