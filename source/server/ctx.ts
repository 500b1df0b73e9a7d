import type {IncomingHttpHeaders} from 'node:http';
import type {State} from './state.js';

/** One request as a route handler sees it (./router.ts); apart so ./auth.ts reads it without the router. */
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
