/**
 * The workspace routes (files, archive, trajectory, bash: ../workspace/) on the agent-server
 * stand-in: its one set of working trees, its bash service, its conversations' persisted files.
 */
import {dashedUuid} from '../ids.js';
import {toJson} from '../json.js';
import {BASH_ROUTES} from '../workspace/bashRoutes.js';
import {FILE_ROUTES} from '../workspace/fileRoutes.js';
import type {WorkspaceRequest} from '../workspace/routes.js';
import type {ZipEntry} from '../workspace/zip.js';
import {conversationState} from './conversationView.js';
import {type AsRoute, asRoute, type Ctx} from './routes.js';
import type {AgentServerState} from './state.js';
import {eventJson} from './wire.js';

/** What the server persists for a conversation (`<hex>/base_state.json`, `meta.json`, `events/event-NNNNN-<id>.json`). */
export function trajectoryFiles(state: AgentServerState, hex: string): ZipEntry[] | null {
	const entry = state.entry(hex);
	if (!entry) return null;
	const events = entry.agent.log.events.map((record, i): ZipEntry => ({
		name: `${hex}/events/event-${String(i).padStart(5, '0')}-${dashedUuid(record.id.replaceAll('-', ''))}.json`,
		data: Buffer.from(toJson(eventJson(state, entry.c, record))),
	}));
	return [
		{name: `${hex}/`, data: null},
		{name: `${hex}/base_state.json`, data: Buffer.from(toJson(conversationState(entry.c)))},
		{name: `${hex}/meta.json`, data: Buffer.from(toJson({id: dashedUuid(hex), title: entry.c.title}))},
		{name: `${hex}/events/`, data: null},
		...events,
	];
}

function request(ctx: Ctx, now: () => number): WorkspaceRequest {
	const {state} = ctx;
	const type = ctx.headers['content-type'];
	return {
		workspaces: () => state.workspaces,
		bash: () => state.bash,
		query: ctx.query,
		params: ctx.params,
		features: state.features,
		body: ctx.body,
		raw: ctx.raw,
		contentType: Array.isArray(type) ? type[0] : type,
		trajectory: hex => trajectoryFiles(state, hex),
		now,
	};
}

export function workspaceRoutes(now: () => number, bash = true): AsRoute[] {
	return [...FILE_ROUTES, ...(bash ? BASH_ROUTES : [])].map(route => asRoute(route.method, route.template, ctx => route.answer(request(ctx, now)), route.when));
}
