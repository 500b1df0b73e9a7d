import type {z} from 'zod';
import {type ErrorContext, makeError} from '../errorText.js';
import {type RawResponse, header, looksLikeHtml} from './errorFromResponse.js';

/** Parses a 2xx body as JSON or throws bad_response (HTML page, empty, truncated, malformed). */
export function parseJsonBody(ctx: ErrorContext, raw: RawResponse): unknown {
	if (looksLikeHtml(raw)) {
		// the real server answers 200 with the SPA's index.html for unknown GET paths (1.7)
		throw makeError(ctx, {
			kind: 'bad_response',
			status: raw.status,
			message: 'expected JSON but got an HTML page — is the URL an OpenHands server?',
		});
	}
	if (raw.text.trim() === '') {
		throw makeError(ctx, {kind: 'bad_response', status: raw.status, message: 'expected JSON but got an empty body'});
	}
	try {
		return JSON.parse(raw.text) as unknown;
	} catch {
		// JSON.parse messages quote the body; never show it
		const type = header(raw, 'content-type') ?? '';
		const message = /json/i.test(type) || type === ''
			? 'response is not valid JSON (truncated or malformed)'
			: `expected JSON but got ${type.split(';')[0]?.trim() || 'something else'}`;
		throw makeError(ctx, {kind: 'bad_response', status: raw.status, message});
	}
}

type Issue = z.core.$ZodIssue;

/** The innermost issue: for a union, the branch that got deepest explains the failure best. */
function deepest(issue: Issue): Issue {
	if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
	let best: Issue = issue;
	for (const branch of issue.errors) {
		const first = branch[0];
		if (!first) continue;
		const inner = deepest({...first, path: [...issue.path, ...first.path]} as Issue);
		if (inner.path.length > best.path.length || best === issue) best = inner;
	}
	return best;
}

/** `items.0.status: expected string, received number` (no values: they may be secrets) */
export function describeIssue(issue: Issue): string {
	const found = deepest(issue);
	const where = found.path.map(String).join('.');
	const what = found.message.replace(/^Invalid input:\s*/i, '') || 'invalid';
	return where ? `${where}: ${what}` : what;
}

/** Validates JSON with a wire schema or throws bad_response naming the field. */
export function parseWith<S extends z.ZodType>(ctx: ErrorContext, schema: S, json: unknown, status?: number): z.output<S> {
	const result = schema.safeParse(json);
	if (result.success) return result.data;
	const first = result.error.issues[0];
	const text = first ? describeIssue(first) : 'does not match the expected shape';
	throw makeError(ctx, {kind: 'bad_response', ...(status === undefined ? {} : {status}), message: `unexpected response: ${text}`});
}
