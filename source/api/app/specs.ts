import type {CallOptions, PageQuery} from '../types.js';
import {getBatch} from '../paging/batch.js';
import type {Http} from '../transport/http.js';
import {pageParams} from '../paging/pageQuery.js';
import {type Page, type SandboxSpec, sandboxSpecPageSchema, sandboxSpecSchema} from '../schemas/index.js';

export function searchSpecs(http: Http, query?: PageQuery, options?: CallOptions): Promise<Page<SandboxSpec>> {
	return http.json(
		{method: 'GET', path: '/api/v1/sandbox-specs/search', query: pageParams(query), signal: options?.signal, deadlineMs: options?.deadlineMs},
		sandboxSpecPageSchema,
	);
}

/** `GET /api/v1/sandbox-specs?id=…`: the spec router asserts `len(id) <= 100` (2.8), unlike the others. */
export function getSpecs(http: Http, ids: readonly string[], options?: CallOptions): Promise<(SandboxSpec | null)[]> {
	return getBatch(http, {path: '/api/v1/sandbox-specs', param: 'id', chunkSize: 100, item: sandboxSpecSchema}, ids, options);
}
