import {z} from 'zod';
import type {CallOptions} from '../types.js';
import {errorFromResponse} from '../transport/errorFromResponse.js';
import {makeError} from '../errorText.js';
import type {Http} from '../transport/http.js';
import {parseJsonBody, parseWith} from '../transport/parseBody.js';

export type BatchSpec<S extends z.ZodType> = {
	path: string;
	/** `id` for sandboxes and specs, `ids` for conversations and start tasks (9.7) */
	param: 'id' | 'ids';
	/** the real server answers 500 at `len(ids) >= 100` (specs: `> 100`), section 2.4-2.8 */
	chunkSize: number;
	/** schema of one item (null entries are allowed by the batch) */
	item: S;
};

/**
 * Batch get in chunks the server accepts, re-joined in the caller's order. Chunks go one after the
 * other: the OSS rate limiter delays a burst of more than 10 requests a second (1.7).
 */
export async function getBatch<S extends z.ZodType>(
	http: Http,
	spec: BatchSpec<S>,
	ids: readonly string[],
	options?: CallOptions,
): Promise<(z.output<S> | null)[]> {
	const out: (z.output<S> | null)[] = [];
	const schema = z.array(spec.item.nullable());
	for (let start = 0; start < ids.length; start += spec.chunkSize) {
		const chunk = ids.slice(start, start + spec.chunkSize);
		const raw = await http.send({method: 'GET', path: spec.path, query: {[spec.param]: chunk}, signal: options?.signal, deadlineMs: options?.deadlineMs});
		if (raw.status < 200 || raw.status >= 300) throw errorFromResponse(raw.ctx, raw);
		const items = parseWith(raw.ctx, schema, parseJsonBody(raw.ctx, raw), raw.status) as (z.output<S> | null)[];
		if (items.length !== chunk.length) {
			// the answer is aligned with the ids (2.4); without that we cannot tell which is which
			throw makeError(raw.ctx, {
				kind: 'bad_response',
				status: raw.status,
				message: `unexpected response: expected ${chunk.length} items, got ${items.length}`,
			});
		}
		out.push(...items);
	}
	return out;
}
