import {randomBytes} from 'node:crypto';
import type {IncomingHttpHeaders} from 'node:http';
import {json, methodNotAllowed, notFound, type Reply, unauthorized, unprocessable} from '../errors.js';
import {dashedUuid, parseUuid} from '../ids.js';
import {type PathPattern, pathParams, pathPattern} from '../router.js';
import type {SavedSettings} from './settings.js';
import type {AgentServerState, Entry} from './state.js';
import type {Features} from './version.js';

/** What every route may need besides the request: the conversations and the server's own facts. */
export type ServerMeta = {
	now(): number;
	startedMs: number;
	/** `update_last_execution_time`: API use and agent activity reset the idle time */
	lastActivityMs: number;
	ready: boolean;
	keys: readonly string[];
	settings: SavedSettings;
};

export type Ctx = {
	state: AgentServerState;
	meta: ServerMeta;
	method: string;
	path: string;
	params: Record<string, string>;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: string | null;
	/** the body's bytes (an upload) */
	raw: Buffer | null;
};

/** A reply now, or later (`execute_bash_command` waits for its command). */
export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;
/** `when`: the route exists on this version only (./version.ts) */
export type AsRoute = PathPattern & {method: string; handler: Handler; when?: (f: Features) => boolean};

export function asRoute(method: string, template: string | RegExp, handler: Handler, when?: (f: Features) => boolean): AsRoute {
	const pattern = typeof template === 'string' ? pathPattern(template) : {pattern: template, names: ['path']};
	return {method, ...pattern, handler, ...(when ? {when} : {})};
}

export const detail = (status: number, text: unknown): Reply => json(status, {detail: text});
export const badRequest = (): Reply => detail(400, 'Bad Request');

/**
 * An unhandled exception (an `assert`, a KeyError): FastAPI's handler answers JSON with the exception
 * text and an id to find it in the logs; 1.1.0 had no `error_id` (§1.3).
 */
export function serverError(features: Features, exception = ''): Reply {
	const body: Record<string, string> = {detail: 'Internal Server Error', exception};
	if (features.errorId) body['error_id'] = randomBytes(16).toString('hex');
	return json(500, body);
}

export const conversationNotFound = (hex: string): Reply => detail(404, `Conversation not found: ${dashedUuid(hex)}`);

/** The path's `conversation_id` as FastAPI's UUID parameter reads it (dashed or 32 hex), else its 422. */
export function conversationId(ctx: Ctx): {hex: string} | {reply: Reply} {
	const raw = ctx.params['conversation_id']!;
	const parsed = parseUuid(raw);
	if ('hex' in parsed) return parsed;
	return {
		reply: unprocessable([{type: 'uuid_parsing', loc: ['path', 'conversation_id'], msg: `Input should be a valid UUID, ${parsed.error}`, input: raw, ctx: {error: parsed.error}}]),
	};
}

/** The conversation of the path with its history, or the reply for a bad id / an unknown one (`unknown` decides). */
export function withConversation(ctx: Ctx, unknown: (hex: string) => Reply, run: (entry: Entry) => Reply): Reply {
	const id = conversationId(ctx);
	if ('reply' in id) return id.reply;
	const entry = ctx.state.entry(id.hex);
	return entry ? run(entry) : unknown(id.hex);
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

/**
 * Route, then the key (a router dependency: unknown paths are 404 and wrong methods 405 before any key
 * check, §1.3), then the handler. Only `/api/*` wants `X-Session-API-Key`; Bearer is not looked at
 * (§2.2); with no key configured nothing is checked.
 */
export function dispatch(routes: readonly AsRoute[], ctx: Omit<Ctx, 'params'>): Reply | Promise<Reply> {
	let otherMethod = false;
	for (const r of routes) {
		if (r.when && !r.when(ctx.state.features)) continue;
		const m = r.pattern.exec(ctx.path);
		if (!m) continue;
		if (r.method !== ctx.method && !(r.method === 'GET' && ctx.method === 'HEAD')) {
			otherMethod = true;
			continue;
		}
		if (ctx.path.startsWith('/api/') && ctx.meta.keys.length > 0) {
			const key = header(ctx.headers, 'x-session-api-key');
			if (key === undefined || !ctx.meta.keys.includes(key)) return unauthorized();
		}
		if (ctx.path.startsWith('/api/')) ctx.meta.lastActivityMs = ctx.meta.now();
		return r.handler({...ctx, params: pathParams(r, m)});
	}
	return otherMethod ? methodNotAllowed() : notFound();
}
