/**
 * The request log's line (`--log FILE`, issue 12 section 4): time, method, path, status, time taken,
 * bytes. Never a header (the key travels there) and never a body. Query values are kept only for
 * parameters that cannot carry anything private (paging, sort, filters by id or kind); others show
 * their name with `…`, repeated ones (batch ids) their count.
 */
import {oneLine, scrubSecret} from '../errorText.js';
import type {Query} from '../types.js';

const PLAIN = new Set([
	'limit',
	'page_id',
	'sort_order',
	'kind__eq',
	'timestamp__gte',
	'timestamp__lt',
	'created_at__gte',
	'conversation_id__eq',
	'sandbox_id__eq',
	'sandbox_spec_id',
	'include_sub_conversations',
	'resend_mode',
	'after_timestamp',
]);

export type RequestRecord = {
	at: Date;
	method: string;
	/** the path as sent, without the query */
	path: string;
	query: Query | undefined;
	/** null when no answer arrived */
	status: number | null;
	/** the ApiError kind when the request failed before the whole body was read */
	failed: string | null;
	ms: number;
	/** body bytes read; null when the body was not read to the end */
	bytes: number | null;
	/** scrubbed from the line as a last line of defence */
	apiKey: string | null;
};

function queryText(query: Query | undefined): string {
	if (!query) return '';
	const parts: string[] = [];
	for (const [name, value] of Object.entries(query)) {
		if (value === null || value === undefined) continue;
		const key = encodeURIComponent(name);
		if (Array.isArray(value)) parts.push(`${key}=(${value.length})`);
		else if (PLAIN.has(name)) parts.push(`${key}=${encodeURIComponent(String(value))}`);
		else parts.push(`${key}=…`);
	}
	return parts.length ? `?${parts.join('&')}` : '';
}

export function requestLine(record: RequestRecord): string {
	const status = record.status === null ? '-' : String(record.status);
	const bytes = record.bytes === null ? '-' : `${record.bytes}B`;
	const failed = record.failed ? ` ${record.failed}` : '';
	const text = `${record.at.toISOString()} ${record.method} ${record.path}${queryText(record.query)} ${status} ${Math.round(record.ms)}ms ${bytes}${failed}`;
	return oneLine(scrubSecret(text, record.apiKey), 2000);
}
