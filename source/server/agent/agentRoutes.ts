import {internalError, json, type Reply, success, unprocessable} from '../errors.js';
import {readPaging, readTime} from '../events/eventQuery.js';
import type {ActivityHub} from '../events/hub.js';
import {type EventRecord, qualifiedKind} from '../events/model.js';
import {dropNulls, type Shape, wireEvent} from '../events/wire.js';
import {dashedUuid, parseUuid} from '../ids.js';
import {QueryReader} from '../query.js';
import {type PathPattern, pathPattern, safeDecode} from '../router.js';
import type {Agent} from './agent.js';
import {forget, interrupt, pause, respond, run, sendMessage} from './commands.js';
import {conversationInfo} from './conversationInfo.js';
import {parseConfirmationBody, parseMessageBody} from './messageBody.js';
import {GIT_ROUTES} from '../agentServer/gitRoutes.js';
import type {Features} from '../agentServer/version.js';
import type {Workspaces} from '../agentServer/workspaces.js';
import type {BashService} from '../workspace/bash.js';

/**
 * The agent server's REST routes a client uses (`sdk@v1.1.0`/`v1.37.1`: `conversation_router.py`,
 * `event_router.py`; shared/openhands-api-newer.md 4.3, 5.2, 6). The listener has already checked the
 * session key; `agent` is undefined when this agent server does not know the conversation.
 */
export type AgentCtx = {
	hub: ActivityHub;
	/** the agent server's version in the sandboxes of this app server (./listenerVersion.ts) */
	features: Features;
	/** the working tree of the sandbox the request's key belongs to (./sandboxGit.ts) */
	workspaces: () => Workspaces;
	method: string;
	params: Record<string, string>;
	query: URLSearchParams;
	body: string | null;
	/** the conversation named in the path (32-hex), when it is a UUID */
	hex: string | null;
	agent: Agent | undefined;
	/** the body's bytes and type (an upload) */
	raw: Buffer | null;
	contentType: string | undefined;
	/** the bash service of the sandbox the request's key belongs to */
	bash: () => BashService;
};

type Handler = (ctx: AgentCtx) => Reply | Promise<Reply>;
/** `when`: the route exists on this version only */
export type AgentRoute = PathPattern & {method: string; handler: Handler; when?: (f: Features) => boolean};

const notFoundConversation = (ctx: AgentCtx) => json(404, {detail: `Conversation not found: ${dashedUuid(ctx.hex!)}`});
const badRequest = () => json(400, {detail: 'Bad Request'});

function searchFilters(ctx: AgentCtx, q: QueryReader) {
	const current = ctx.hub.shape === 'sdk1.37';
	return {
		kind: q.str('kind'),
		gte: readTime(q, 'timestamp__gte'),
		lt: readTime(q, 'timestamp__lt'),
		// `source` and `body` filters arrived by 1.37 (4.3)
		source: current ? q.str('source') : null,
		text: current ? q.str('body') : null,
	};
}

function matches(event: EventRecord, f: ReturnType<typeof searchFilters>): boolean {
	// `kind` compares with `module.ClassName`: a bare class name matches nothing (4.3)
	if (f.kind !== null && qualifiedKind(event.body.kind) !== f.kind) return false;
	if (f.gte && event.us < f.gte.us) return false;
	if (f.lt && event.us >= f.lt.us) return false;
	if (f.source !== null && event.source !== f.source) return false;
	if (f.text !== null && !JSON.stringify(event.body).toLowerCase().includes(f.text.toLowerCase())) return false;
	return true;
}

/** An event as this agent server's search and websocket give it: SDK 1.37+ dumps with exclude_none=True (4.3). */
export function agentWire(shape: Shape, event: EventRecord): Record<string, unknown> {
	const item = wireEvent(event, shape);
	return shape === 'sdk1.37' ? (dropNulls(item) as Record<string, unknown>) : item;
}

const wire = (ctx: AgentCtx, event: EventRecord) => agentWire(ctx.hub.shape, event);

/** `GET .../events/search`: page ids are event ids, the page starting at (and including) that event. */
function search(ctx: AgentCtx): Reply {
	const q = new QueryReader(ctx.query);
	const filters = searchFilters(ctx, q);
	const {sort, pageId, limit} = readPaging(q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	// `lte` is not enforced in any of the three SDK tags; the assert makes it a 500 (4.3)
	if (limit > 100) return internalError();
	if (!ctx.agent) return notFoundConversation(ctx);
	const events = ctx.agent.log.events.filter(e => matches(e, filters));
	if (sort === 'TIMESTAMP_DESC') events.reverse();
	let start = 0;
	if (pageId) {
		start = events.findIndex(e => e.id === pageId);
		// an id that is not in the list: nothing is collected (derived)
		if (start < 0) start = events.length;
	}
	const page = events.slice(start, start + limit);
	const next = events[start + limit];
	return json(200, {items: page.map(e => wire(ctx, e)), next_page_id: next ? next.id : null});
}

function count(ctx: AgentCtx): Reply {
	const q = new QueryReader(ctx.query);
	const filters = searchFilters(ctx, q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	if (!ctx.agent) return notFoundConversation(ctx);
	return json(200, ctx.agent.log.events.filter(e => matches(e, filters)).length);
}

function oneEvent(ctx: AgentCtx): Reply {
	if (!ctx.agent) return notFoundConversation(ctx);
	const event = ctx.agent.log.byId.get(ctx.params['event_id']!);
	return event ? json(200, wire(ctx, event)) : json(404, {detail: 'Not Found'});
}

function info(ctx: AgentCtx): Reply {
	if (!ctx.agent) return json(404, {detail: 'Not Found'});
	return json(200, conversationInfo(ctx.agent, ctx.hub.shape));
}

/** `GET /api/conversations?ids=`: what the app server asks to fill `execution_status` (shared/openhands-api.md 5.4). */
function batch(ctx: AgentCtx): Reply {
	const q = new QueryReader(ctx.query);
	const ids = q.uuidList('ids', true);
	if (q.errors.length > 0 || !ids) return unprocessable(q.errors);
	return json(
		200,
		ids.map(hex => {
			const agent = hex ? ctx.hub.agent(hex) : undefined;
			return agent && !agent.deleted ? conversationInfo(agent, ctx.hub.shape) : null;
		}),
	);
}

/** `POST .../events`: `SendMessageRequest`, `run` false unless asked (5.2). */
function postMessage(ctx: AgentCtx): Reply {
	const body = parseMessageBody(ctx.body, {roles: ['user', 'system', 'assistant', 'tool'], runDefault: false, minContent: 0});
	if ('errors' in body) return unprocessable(body.errors);
	if (!ctx.agent) return notFoundConversation(ctx);
	sendMessage(ctx.hub.engine, ctx.agent, body.content, body.run);
	return success();
}

function pauseRoute(ctx: AgentCtx): Reply {
	if (!ctx.agent) return badRequest();
	pause(ctx.hub.engine, ctx.agent);
	// the agent server's conversation webhook posts the paused conversation, which the app server saves
	// (`sdk@v1.1.0: conversation_service.py` pause_conversation; its `updated_at` moves, shared/openhands-api.md 5.5)
	ctx.agent.conversation.updatedUs = Math.max(ctx.agent.conversation.updatedUs, ctx.hub.state.nowUs());
	return success();
}

function interruptRoute(ctx: AgentCtx): Reply {
	if (!ctx.agent) return badRequest();
	interrupt(ctx.hub.engine, ctx.agent);
	return success();
}

function runRoute(ctx: AgentCtx): Reply {
	if (!ctx.agent) return json(404, {detail: 'Not Found'});
	if (run(ctx.hub.engine, ctx.agent) === 'already_running') {
		return json(409, {detail: 'Conversation already running. Wait for completion or pause first.'});
	}
	return success();
}

/** `POST .../events/respond_to_confirmation`: `{"accept": bool, "reason": str}` (reason default 6). */
function confirmRoute(ctx: AgentCtx): Reply {
	const body = parseConfirmationBody(ctx.body);
	if ('errors' in body) return unprocessable(body.errors);
	if (!ctx.agent) return notFoundConversation(ctx);
	respond(ctx.hub.engine, ctx.agent, body.accept, body.reason);
	return success();
}

function deleteRoute(ctx: AgentCtx): Reply {
	if (!ctx.agent) return badRequest();
	forget(ctx.agent);
	return success();
}

function agentRoute(method: string, template: string, handler: Handler, when?: (f: Features) => boolean): AgentRoute {
	return {method, ...pathPattern(template), handler, ...(when ? {when} : {})};
}

/** The git routes of the agent-server stand-in, over the sandbox's working tree. */
const gitRoutes: AgentRoute[] = GIT_ROUTES.map(route => ({
	method: 'GET',
	...(typeof route.template === 'string' ? pathPattern(route.template) : {pattern: route.template, names: ['path']}),
	handler: ctx => route.answer(ctx),
	when: route.when,
}));

export const AGENT_ROUTES: AgentRoute[] = [
	agentRoute('GET', '/api/conversations', batch),
	agentRoute('GET', '/api/conversations/{conversation_id}', info),
	agentRoute('DELETE', '/api/conversations/{conversation_id}', deleteRoute),
	agentRoute('GET', '/api/conversations/{conversation_id}/events/search', search),
	agentRoute('GET', '/api/conversations/{conversation_id}/events/count', count),
	agentRoute('POST', '/api/conversations/{conversation_id}/events/respond_to_confirmation', confirmRoute),
	agentRoute('GET', '/api/conversations/{conversation_id}/events/{event_id}', oneEvent),
	agentRoute('POST', '/api/conversations/{conversation_id}/events', postMessage),
	agentRoute('POST', '/api/conversations/{conversation_id}/pause', pauseRoute),
	agentRoute('POST', '/api/conversations/{conversation_id}/run', runRoute),
	// `/interrupt` exists from SDK 1.23 (6)
	agentRoute('POST', '/api/conversations/{conversation_id}/interrupt', interruptRoute, f => f.interrupt),
	...gitRoutes,
];

/** The path's conversation id for routing the request to a sandbox, even before a route is chosen. */
export function conversationInPath(path: string): {raw: string; hex: string | null} | null {
	const m = /^\/api\/conversations\/([^/]+)/.exec(path);
	if (!m) return null;
	const raw = safeDecode(m[1]!);
	const parsed = parseUuid(raw);
	return {raw, hex: 'hex' in parsed ? parsed.hex : null};
}
