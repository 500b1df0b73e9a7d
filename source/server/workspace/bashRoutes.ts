/**
 * The bash routes (`bash_router.py`; /work/realserver FINDINGS §5), over the stand-in's service
 * (./bash.ts): `start_bash_command` answers the BashCommand at once, `execute_bash_command` waits
 * and answers the last BashOutput (always 200), `bash_events/search` pages by file name
 * (`next_page_id` is the next page's first file name; `command_id__eq` gives that command's
 * outputs only; `order__gt` drops after paging), `bash_events/{id}`, the batch get and the delete.
 */
import {json, missing, type Reply, unprocessable} from '../errors.js';
import {QueryReader} from '../query.js';
import type {BashRequest, Stored} from './bash.js';
import {detail, serverFailure, type WorkspaceRequest, type WorkspaceRoute} from './routes.js';

/** `ExecuteBashRequest{command, cwd?, timeout=300}` read as pydantic reads it; errors as FastAPI's 422. */
export function readBashRequest(body: unknown): BashRequest | {errors: ReturnType<typeof missing>[]} {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return {errors: [{type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: body ?? null}]};
	const b = body as Record<string, unknown>;
	const errors: ReturnType<typeof missing>[] = [];
	if (b['command'] === undefined) errors.push(missing(['body', 'command']));
	else if (typeof b['command'] !== 'string') errors.push({type: 'string_type', loc: ['body', 'command'], msg: 'Input should be a valid string', input: b['command']});
	const cwd = b['cwd'] ?? null;
	if (cwd !== null && typeof cwd !== 'string') errors.push({type: 'string_type', loc: ['body', 'cwd'], msg: 'Input should be a valid string', input: cwd});
	const timeout = b['timeout'] ?? 300;
	if (typeof timeout !== 'number' || !Number.isInteger(timeout)) errors.push({type: 'int_type', loc: ['body', 'timeout'], msg: 'Input should be a valid integer', input: timeout});
	if (errors.length > 0) return {errors};
	return {command: b['command'] as string, cwd: cwd as string | null, timeout: timeout as number};
}

function parsed(request: WorkspaceRequest): BashRequest | Reply {
	let body: unknown;
	try {
		body = request.body === null ? null : JSON.parse(request.body);
	} catch {
		return unprocessable([{type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {}, ctx: {error: 'Expecting value'}}]);
	}
	const read = readBashRequest(body);
	return 'errors' in read ? unprocessable(read.errors) : read;
}

const isReply = (value: BashRequest | Reply): value is Reply => 'status' in value;

function start(request: WorkspaceRequest): Reply {
	const read = parsed(request);
	if (isReply(read)) return read;
	return json(200, request.bash().start(read).command);
}

async function execute(request: WorkspaceRequest): Promise<Reply> {
	const read = parsed(request);
	if (isReply(read)) return read;
	return json(200, await request.bash().start(read).done);
}

function search(request: WorkspaceRequest): Reply {
	const q = new QueryReader(request.query);
	const kind = request.query.get('kind__eq');
	if (kind !== null && kind !== 'BashCommand' && kind !== 'BashOutput') {
		return unprocessable([{type: 'literal_error', loc: ['query', 'kind__eq'], msg: "Input should be 'BashCommand' or 'BashOutput'", input: kind, ctx: {expected: "'BashCommand' or 'BashOutput'"}}]);
	}
	const commandId = q.uuid('command_id__eq');
	const gte = q.datetime('timestamp__gte');
	const lt = q.datetime('timestamp__lt');
	const orderGt = request.features.bashOrderFilter && request.query.get('order__gt') !== null ? q.int('order__gt', 0) : null;
	const sort = q.enumOf('sort_order', ['TIMESTAMP', 'TIMESTAMP_DESC'] as const, 'TIMESTAMP');
	const limit = q.int('limit', 100, 0);
	if (q.errors.length > 0) return unprocessable(q.errors);
	// `lte=100` is not a constraint FastAPI knows: the handler's assert makes it a 500
	if (limit > 100) return serverFailure(request.features, '');
	const name = (us: number) => new Date(Math.floor(us / 1000)).toISOString().replace(/\D/g, '').slice(0, 14) + String(us % 1_000_000).padStart(6, '0');
	const matched = request.bash().events.filter(s => {
		if (kind !== null && s.event.kind !== kind) return false;
		if (commandId !== null && (s.event.kind !== 'BashOutput' || s.event.command_id !== commandId)) return false;
		if (gte !== null && s.name < name(gte)) return false;
		if (lt !== null && s.name >= name(lt)) return false;
		return true;
	});
	if (sort === 'TIMESTAMP_DESC') matched.reverse();
	const pageId = request.query.get('page_id');
	const at = pageId ? matched.findIndex(s => s.name === pageId) : 0;
	const start = Math.max(0, at);
	const page: Stored[] = matched.slice(start, start + limit);
	const next = matched[start + limit];
	const items = page.map(s => s.event).filter(e => orderGt === null || e.kind !== 'BashOutput' || e.order > orderGt);
	return json(200, {items, next_page_id: next ? next.name : null});
}

function one(request: WorkspaceRequest): Reply {
	const id = request.params['event_id']!;
	const found = request.bash().events.find(s => s.name.endsWith(`_${id}`));
	return found ? json(200, found.event) : detail(404, 'Not Found');
}

function batch(request: WorkspaceRequest): Reply {
	let ids: unknown;
	try {
		ids = request.body === null ? null : JSON.parse(request.body);
	} catch {
		ids = null;
	}
	if (!Array.isArray(ids)) return unprocessable([missing(['body'])]);
	const events = request.bash().events;
	return json(200, ids.map(id => events.find(s => s.name.endsWith(`_${String(id)}`))?.event ?? null));
}

export const BASH_ROUTES: readonly WorkspaceRoute[] = [
	{method: 'POST', template: '/api/bash/start_bash_command', answer: start},
	{method: 'POST', template: '/api/bash/execute_bash_command', answer: execute},
	{method: 'GET', template: '/api/bash/bash_events/search', answer: search},
	{method: 'GET', template: '/api/bash/bash_events/', answer: batch},
	{method: 'GET', template: '/api/bash/bash_events/{event_id}', answer: one},
	{method: 'DELETE', template: '/api/bash/bash_events', answer: r => json(200, {cleared_count: r.bash().clear()})},
];
