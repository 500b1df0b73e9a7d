import {denied} from './auth.js';
import {methodNotAllowed, notFound, type Reply} from './errors.js';
import type {Ctx} from './ctx.js';
import type {Generation} from './state.js';

export type {Ctx} from './ctx.js';

export type Handler = (ctx: Ctx) => Reply;
/** `only`: the route exists on that generation alone (`ctx.state.generation`); absent = both. */
export type Route = PathPattern & {method: string; handler: Handler; only?: Generation};

/** A path template compiled: `{name}` segments become groups, in `names` order. */
export type PathPattern = {pattern: RegExp; names: string[]};

/** `/api/v1/sandboxes/{sandbox_id}/pause`: path parameters match one segment; the rest is literal. */
export function pathPattern(template: string): PathPattern {
	const names: string[] = [];
	const source = template
		.split(/(\{\w+\})/)
		.map(part => {
			const m = /^\{(\w+)\}$/.exec(part);
			if (!m) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
			names.push(m[1]!);
			return '([^/]+)';
		})
		.join('');
	return {pattern: new RegExp(`^${source}$`), names};
}

/** The parameters of a match, percent-decoded; a malformed escape is kept as sent. */
export function pathParams({names}: PathPattern, match: RegExpExecArray): Record<string, string> {
	const params: Record<string, string> = {};
	names.forEach((name, i) => {
		params[name] = safeDecode(match[i + 1]!);
	});
	return params;
}

export function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/**
 * `route('POST', '/api/v1/sandboxes/{sandbox_id}/pause', h)`.
 * `only` limits it to one generation (e.g. `/api/settings` is legacy, `/api/v1/settings` current).
 */
export function route(method: string, template: string, handler: Handler, only?: Generation): Route {
	return {method, ...pathPattern(template), handler, ...(only ? {only} : {})};
}

/** A stand-in for the web app's index.html that the SPA mount serves for any unmatched GET. */
const SPA_HTML =
	'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>OpenHands</title>' +
	'<meta name="viewport" content="width=device-width, initial-scale=1"/></head>' +
	'<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

export const spaPage = (): Reply => ({status: 200, body: SPA_HTML, contentType: 'text/html; charset=utf-8'});

/**
 * Finds the route, then applies the generation's authentication (./auth.ts) before the handler, as
 * FastAPI resolves router dependencies before the handler runs. Unmatched paths: where the web app is
 * served (legacy, Cloud) the SPA mount matches every path fully, so Starlette prefers it over a route
 * whose method does not match: GET → index.html (200), other methods → 405 (shared/openhands-api.md
 * 1.7). The current OSS stand-in has no frontend: FastAPI's own 405 / `404 {"detail":"Not Found"}`
 * (newer doc 1.1).
 */
export function dispatch(routes: readonly Route[], ctx: Omit<Ctx, 'params'>): Reply {
	const generation = ctx.state.generation;
	let found: {route: Route; params: Record<string, string>} | null = null;
	let otherMethod = false;
	for (const r of routes) {
		if (r.only && r.only !== generation) continue;
		const m = r.pattern.exec(ctx.path);
		if (!m) continue;
		if (r.method !== ctx.method) {
			otherMethod = true;
			continue;
		}
		found = {route: r, params: pathParams(r, m)};
		break;
	}
	const refused = denied(ctx, found !== null);
	if (refused) return refused;
	if (found) return found.route.handler({...ctx, params: found.params});
	if (generation === 'current' && !ctx.state.cloud) return otherMethod ? methodNotAllowed() : notFound();
	return ctx.method === 'GET' || ctx.method === 'HEAD' ? spaPage() : methodNotAllowed();
}
