import type {CallOptions} from '../types.js';
import type {ApiContext} from '../context.js';
import {errorFromResponse, tryJson} from '../transport/errorFromResponse.js';
import {parseJsonBody} from '../transport/parseBody.js';
import {readSettings} from './readSettings.js';
import type {Settings} from '../schemas/index.js';

/** A fresh install answers `404 {"error":"Settings not found"}` on both paths (legacy 2.1, newer doc 2.1). */
function isSettingsNotFound(body: unknown): boolean {
	if (!body || typeof body !== 'object') return false;
	const error = (body as {error?: unknown}).error;
	return typeof error === 'string' && /settings not found/i.test(error);
}

/**
 * `GET /api/v1/settings` on current servers, `GET /api/settings` on legacy ones (the probe tells
 * which), read into one model; null on a fresh install.
 */
export async function getSettings(ctx: ApiContext, options?: CallOptions): Promise<Settings | null> {
	const server = await ctx.server(options?.signal);
	const path = server.generation === 'current' ? '/api/v1/settings' : '/api/settings';
	const raw = await ctx.http.send({method: 'GET', path, signal: options?.signal, deadlineMs: options?.deadlineMs});
	if (raw.status === 404 && isSettingsNotFound(tryJson(raw))) return null;
	if (raw.status < 200 || raw.status >= 300) throw errorFromResponse(raw.ctx, raw);
	return readSettings(raw.ctx, parseJsonBody(raw.ctx, raw), raw.status);
}
