import type {CallOptions, PageQuery} from '../types.js';
import {getBatch} from '../paging/batch.js';
import {makeError} from '../errorText.js';
import type {Http} from '../transport/http.js';
import {pageParams} from '../paging/pageQuery.js';
import {type Page, type Sandbox, sandboxPageSchema, sandboxSchema, successSchema} from '../schemas/index.js';

export function searchSandboxes(http: Http, query?: PageQuery, options?: CallOptions): Promise<Page<Sandbox>> {
	return http.json(
		{method: 'GET', path: '/api/v1/sandboxes/search', query: pageParams(query), signal: options?.signal, deadlineMs: options?.deadlineMs},
		sandboxPageSchema,
	);
}

/** `GET /api/v1/sandboxes?id=…` (singular `id`); 100 or more ids → 500 on the real server (2.7). */
export function getSandboxes(http: Http, ids: readonly string[], options?: CallOptions): Promise<(Sandbox | null)[]> {
	return getBatch(http, {path: '/api/v1/sandboxes', param: 'id', chunkSize: 99, item: sandboxSchema}, ids, options);
}

/** `sandbox_spec_id` is a query parameter, not a body (2.7); omitted → the server's first spec. */
export function startSandbox(http: Http, specId?: string | null, options?: CallOptions): Promise<Sandbox> {
	return http.json(
		{method: 'POST', path: '/api/v1/sandboxes', query: {sandbox_spec_id: specId || undefined}, signal: options?.signal, deadlineMs: options?.deadlineMs},
		sandboxSchema,
	);
}

async function sandboxAction(http: Http, id: string, action: 'pause' | 'resume', options?: CallOptions): Promise<void> {
	const path = `/api/v1/sandboxes/${encodeURIComponent(id)}/${action}`;
	// the frontend sends `{}`; the server needs no body but it keeps proxies happy with a POST
	const result = await http.json({method: 'POST', path, body: {}, signal: options?.signal, deadlineMs: options?.deadlineMs}, successSchema);
	if (!result.success) {
		throw makeError(
			{operation: `POST ${path}`, host: '', apiKey: null},
			{kind: 'server', status: 200, message: `${action} failed: the server answered success=false`},
		);
	}
}

export function pauseSandbox(http: Http, id: string, options?: CallOptions): Promise<void> {
	return sandboxAction(http, id, 'pause', options);
}

export function resumeSandbox(http: Http, id: string, options?: CallOptions): Promise<void> {
	return sandboxAction(http, id, 'resume', options);
}
