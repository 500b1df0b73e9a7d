import type {IncomingHttpHeaders} from 'node:http';
import {methodNotAllowed, type Reply} from './errors.js';
import type {State} from './state.js';

export type Ctx = {
	state: State;
	method: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: string | null;
	params: Record<string, string>;
	apiKey: string | null;
	withSettings: boolean;
};

export type Handler = (ctx: Ctx) => Reply;
export type Route = {method: string; pattern: RegExp; names: string[]; handler: Handler};

/** `route('POST', '/api/v1/sandboxes/{sandbox_id}/pause', h)`; path parameters match one segment. */
export function route(method: string, template: string, handler: Handler): Route {
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
	return {method, pattern: new RegExp(`^${source}$`), names, handler};
}

/** A stand-in for the web app's index.html that the SPA mount serves for any unmatched GET. */
const SPA_HTML =
	'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>OpenHands</title>' +
	'<meta name="viewport" content="width=device-width, initial-scale=1"/></head>' +
	'<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

export const spaPage = (): Reply => ({status: 200, body: SPA_HTML, contentType: 'text/html; charset=utf-8'});

/**
 * The SPA is mounted at `/` and matches every path fully, so Starlette prefers it over a route whose
 * method does not match: unmatched GET → index.html (200), other methods → 405 (shared/openhands-api.md 1.7).
 */
export function dispatch(routes: readonly Route[], ctx: Omit<Ctx, 'params'>): Reply {
	for (const r of routes) {
		if (r.method !== ctx.method) continue;
		const m = r.pattern.exec(ctx.path);
		if (!m) continue;
		const params: Record<string, string> = {};
		r.names.forEach((name, i) => {
			params[name] = safeDecode(m[i + 1]!);
		});
		return r.handler({...ctx, params});
	}
	return ctx.method === 'GET' || ctx.method === 'HEAD' ? spaPage() : methodNotAllowed();
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}
