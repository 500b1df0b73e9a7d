import type {IncomingHttpHeaders, IncomingMessage, ServerResponse} from 'node:http';

/**
 * The faults the fault server can inject, as data, and factories for the ones the real server (or
 * something in front of it) is known to produce. Bodies follow shared/openhands-api.md 1.7: FastAPI
 * `{"detail": …}`, the SaaS middleware `{"error": …}`, the OSS rate limiter `{"message": …}` with
 * Retry-After, Starlette's plain-text 500, and the SPA's index.html for unknown GET paths.
 */

export type Fault =
	/** the listener is closed: new connections are refused (always global; `restore`/`heal` re-listen) */
	| {kind: 'refuse'}
	/** the socket is destroyed as soon as a request arrives */
	| {kind: 'reset'}
	/** the request is held `ms` before it is proxied: headers arrive late (or never, for a client time-out) */
	| {kind: 'delayHeaders'; ms: number}
	/** a fixed answer */
	| {kind: 'status'; status: number; body: string; contentType: string; headers?: Record<string, string>}
	/** the upstream answer cut in half: a valid prefix of real JSON, with a matching content-length */
	| {kind: 'truncate'}
	/** the upstream answer with every `status` string turned into a number */
	| {kind: 'schema'}
	/** a 200 JSON body of `bytes` bytes, streamed */
	| {kind: 'huge'; bytes: number}
	/** the upstream answer with its human strings and ids rewritten to hostile ones (./hostile.ts) */
	| {kind: 'hostile'}
	/** anything else: a handler given the request and helpers (./slowFaults.ts builds these) */
	| {kind: 'custom'; name: string; handle(ctx: CustomContext): Promise<void> | void};

/** What a custom fault gets: the request, its record (its `at` may be moved), the upstream answer on demand. */
export type CustomContext = {
	req: IncomingMessage;
	res: ServerResponse;
	url: URL;
	/** the request as recorded: a fault that models a slow link may move `at` to when the request "arrived" */
	record: {at: number};
	/** the stand-in's answer to this request */
	upstream(): Promise<UpstreamAnswer>;
	reply(status: number, headers: Record<string, string | string[] | undefined>, body: Buffer | string): void;
	/** resolves true when the client went away during the wait (or the server closed) */
	wait(ms: number): Promise<boolean>;
};

export type UpstreamAnswer = {status: number; headers: IncomingHttpHeaders; body: Buffer};

export type FaultKind = Fault['kind'];

/**
 * Which requests a fault applies to: a path prefix (string) or pattern, and/or one method; with
 * `times`, only the next that many matching requests (then the rule passes requests through).
 */
export type FaultScope = {path?: string | RegExp; method?: string; times?: number};

export function inScope(scope: FaultScope, method: string, path: string): boolean {
	if (scope.method && scope.method.toUpperCase() !== method.toUpperCase()) return false;
	if (scope.path === undefined) return true;
	return typeof scope.path === 'string' ? path.startsWith(scope.path) : scope.path.test(path);
}

const jsonStatus = (status: number, body: unknown, headers?: Record<string, string>): Fault => ({
	kind: 'status',
	status,
	body: JSON.stringify(body),
	contentType: 'application/json',
	...(headers ? {headers} : {}),
});

/** What nginx in front of a stopped app server answers. */
export const BAD_GATEWAY_HTML =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
	'<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n';

/** The web app's index.html, which the SPA mount answers for any unmatched GET (1.7). */
export const SPA_HTML =
	'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>OpenHands</title></head>' +
	'<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

export const faults = {
	refuse: (): Fault => ({kind: 'refuse'}),
	reset: (): Fault => ({kind: 'reset'}),
	delayHeaders: (ms: number): Fault => ({kind: 'delayHeaders', ms}),
	status: (status: number, body: string, contentType: string, headers?: Record<string, string>): Fault => ({
		kind: 'status',
		status,
		body,
		contentType,
		...(headers ? {headers} : {}),
	}),
	unauthorized: () => jsonStatus(401, {detail: 'Unauthorized'}),
	/** SaaS: a user whose e-mail is not verified */
	forbidden: () => jsonStatus(403, {error: 'EmailNotVerifiedError'}),
	/** e.g. the batch get or pause of a sandbox that was listed a moment ago */
	notFound: () => jsonStatus(404, {detail: 'Not Found'}),
	/** pydantic v2 as FastAPI's 422 handler emits it */
	validation: () =>
		jsonStatus(422, {
			detail: [{type: 'greater_than', loc: ['query', 'limit'], msg: 'Input should be greater than 0', input: '0', ctx: {gt: 0}}],
		}),
	tooManyRequests: (retryAfterSeconds = 1) => jsonStatus(429, {message: 'Too many requests'}, {'Retry-After': String(retryAfterSeconds)}),
	internalError: (): Fault => ({kind: 'status', status: 500, body: 'Internal Server Error', contentType: 'text/plain; charset=utf-8'}),
	badGateway: (): Fault => ({kind: 'status', status: 502, body: BAD_GATEWAY_HTML, contentType: 'text/html'}),
	spaPage: (): Fault => ({kind: 'status', status: 200, body: SPA_HTML, contentType: 'text/html; charset=utf-8'}),
	truncated: (): Fault => ({kind: 'truncate'}),
	badSchema: (): Fault => ({kind: 'schema'}),
	huge: (bytes = 20 * 1024 * 1024): Fault => ({kind: 'huge', bytes}),
	hostile: (): Fault => ({kind: 'hostile'}),
};

/** Every `status` string becomes a number, so a schema that expects a string must reject it. */
export function breakSchema(value: unknown): {value: unknown; changed: boolean} {
	let changed = false;
	const walk = (node: unknown): unknown => {
		if (Array.isArray(node)) return node.map(walk);
		if (node && typeof node === 'object') {
			const out: Record<string, unknown> = {};
			for (const [key, inner] of Object.entries(node)) {
				if (key === 'status' && typeof inner === 'string') {
					out[key] = 42;
					changed = true;
				} else {
					out[key] = walk(inner);
				}
			}
			return out;
		}
		return node;
	};
	const walked = walk(value);
	if (changed) return {value: walked, changed};
	// no status field (settings, counts): change the shape itself
	if (Array.isArray(walked)) return {value: [42], changed: true};
	if (walked && typeof walked === 'object') return {value: {...walked, items: 42, id: 42}, changed: true};
	return {value: {unexpected: walked}, changed: true};
}
