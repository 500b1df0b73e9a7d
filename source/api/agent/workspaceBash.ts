/**
 * The bash routes of a conversation's agent server (agent-server doc 8.4, 6.7; /work/realserver
 * FINDINGS §5), server-wide, not tied to the conversation:
 *
 * - `POST /api/bash/start_bash_command {command, cwd, timeout}` answers the BashCommand at once;
 * - `GET /api/bash/bash_events/search?command_id__eq=` gives that command's outputs only;
 *   `timestamp__gte` (file names compared as UTC time) lets a follower ask only from its last one;
 * - `/sockets/bash-events` sends every new event (../transport/bashSocket.ts).
 *
 * Output comes only when a command ends or per 1 MiB: a follower cannot do better than that.
 */
import {z} from 'zod';
import type {AgentEndpoint} from './agentRoutes.js';
import {versionAtLeast} from './agentServerInfo.js';
import {reachError, workspaceError} from './workspaceErrors.js';
import type {ClientOptions} from '../types.js';
import {parseJsonBody, parseWith} from '../transport/parseBody.js';
import {type BashSocket, type BashSocketHandlers, openBashSocket} from '../transport/bashSocket.js';
import {type BashCommand, bashCommandSchema, type BashOutput, bashOutputSchema, bashPageSchema} from '../schemas/bash.js';
import type {HttpResponse, RequestSpec} from '../transport/http.js';

export type {BashCommand, BashOutput, BashSocket, BashSocketHandlers};

/** The websocket key in the upgrade's header since 1.12 (as for the events socket). */
const HEADER_AUTH_SINCE = '1.12.0';
/** The real server answers 500 above 100; one output can be 1 MiB of characters, several on the wire. */
export const MAX_OUTPUTS_PAGE = 4;

export type CommandRequest = {command: string; cwd: string | null; timeoutS: number};
export type OutputPage = {items: BashOutput[]; next: string | null; unreadable: number};

async function call(ep: AgentEndpoint, spec: RequestSpec): Promise<HttpResponse> {
	let raw: HttpResponse;
	try {
		raw = await ep.http.send(spec);
	} catch (error) {
		throw reachError(ep, error, `${spec.method} ${spec.path}`);
	}
	if (raw.status < 200 || raw.status >= 300) throw workspaceError(ep, raw.ctx, raw, 'bash');
	return raw;
}

export async function startCommand(ep: AgentEndpoint, request: CommandRequest, signal?: AbortSignal): Promise<BashCommand> {
	const body = {command: request.command, cwd: request.cwd, timeout: Math.max(1, Math.ceil(request.timeoutS))};
	const raw = await call(ep, {method: 'POST', path: '/api/bash/start_bash_command', body, signal});
	return parseWith(raw.ctx, bashCommandSchema, parseJsonBody(raw.ctx, raw), raw.status);
}

/** One page of a command's outputs, from `since` (a timestamp the server gave) or its start. */
export async function commandOutputs(ep: AgentEndpoint, commandId: string, since: string | null, pageId: string | null, signal?: AbortSignal): Promise<OutputPage> {
	const query = {command_id__eq: commandId, kind__eq: 'BashOutput', timestamp__gte: since ?? undefined, page_id: pageId ?? undefined, limit: MAX_OUTPUTS_PAGE};
	// a page of 1 MiB chunks is larger than a JSON answer may be elsewhere
	const raw = await call(ep, {method: 'GET', path: '/api/bash/bash_events/search', query, signal, maxBytes: 64 * 1024 * 1024});
	const page = parseWith(raw.ctx, bashPageSchema, parseJsonBody(raw.ctx, raw), raw.status);
	const items: BashOutput[] = [];
	let unreadable = 0;
	for (const item of page.items) {
		const parsed = bashOutputSchema.safeParse(item);
		if (parsed.success) items.push(parsed.data);
		else if (!z.looseObject({kind: z.literal('BashCommand')}).safeParse(item).success) unreadable++;
	}
	return {items, next: page.next_page_id, unreadable};
}

/** The bash events socket of the endpoint's agent server: `ws[s]://<host><prefix>/sockets/bash-events`. */
export function commandEvents(ep: AgentEndpoint, version: string | null, options: ClientOptions, handlers: BashSocketHandlers): Promise<BashSocket> {
	const base = new URL(ep.http.baseUrl);
	const scheme = base.protocol === 'https:' ? 'wss:' : 'ws:';
	const url = `${scheme}//${base.host}${base.pathname.replace(/\/+$/, '')}/sockets/bash-events`;
	const auth = versionAtLeast(version, HEADER_AUTH_SINCE) === false ? 'query' : 'header';
	return openBashSocket({url, key: ep.key, auth, env: options.env, ca: options.ca, connectTimeoutMs: options.connectTimeoutMs, log: options.log}, handlers);
}
