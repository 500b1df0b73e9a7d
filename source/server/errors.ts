import {toJson} from './json.js';

/** What a handler answers; the server adds the cache headers unless `cache` is false. */
export type Reply = {
	status: number;
	/** bytes for a file or an archive (the file routes), else text */
	body: string | Buffer;
	contentType: string;
	headers?: Record<string, string>;
	/** false for responses that bypass the cache-control middleware (plain 500s, 429s) */
	cache?: boolean;
};

/** One pydantic v2 error object as FastAPI's 422 handler emits it (shared/openhands-api.md 1.7). */
export type FieldError = {
	type: string;
	loc: (string | number)[];
	msg: string;
	input: unknown;
	ctx?: Record<string, unknown>;
};

export const json = (status: number, value: unknown): Reply => ({
	status,
	body: toJson(value),
	contentType: 'application/json',
});

export const unprocessable = (errors: FieldError[]): Reply => json(422, {detail: errors});

/** Uncaught exceptions (assertions, ValueError) reach Starlette's ServerErrorMiddleware: plain text. */
export const internalError = (): Reply => ({
	status: 500,
	body: 'Internal Server Error',
	contentType: 'text/plain; charset=utf-8',
	cache: false,
});

export const notFound = (): Reply => json(404, {detail: 'Not Found'});
export const methodNotAllowed = (): Reply => json(405, {detail: 'Method Not Allowed'});
export const unauthorized = (): Reply => json(401, {detail: 'Unauthorized'});
export const success = (): Reply => json(200, {success: true});

export const tooManyRequests = (): Reply => ({
	...json(429, {message: 'Too many requests'}),
	headers: {'Retry-After': '1'},
	cache: false,
});

export const missing = (loc: (string | number)[]): FieldError => ({
	type: 'missing',
	loc,
	msg: 'Field required',
	input: null,
});

/** Pydantic's enum message: `Input should be 'a', 'b' or 'c'`. */
export function enumError(loc: (string | number)[], values: readonly string[], input: unknown): FieldError {
	const quoted = values.map(v => `'${v}'`);
	const expected = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : (quoted[0] ?? '');
	return {type: 'enum', loc, msg: `Input should be ${expected}`, input, ctx: {expected}};
}

/** Pydantic's message for a `Literal` mismatch: the enum's text with type `literal_error`. */
export const literalError = (loc: (string | number)[], values: readonly string[], input: unknown): FieldError => ({
	...enumError(loc, values, input),
	type: 'literal_error',
});
