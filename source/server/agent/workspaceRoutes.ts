/**
 * The workspace routes (files, archive, trajectory, bash: ../workspace/) of the agent server in each
 * sandbox, on the listener that stands in for all of them: the working tree and bash service of the
 * sandbox the request's key belongs to, its conversations' events as they persist them.
 */
import {dashedUuid} from '../ids.js';
import {toJson} from '../json.js';
import {pathPattern} from '../router.js';
import {BASH_ROUTES} from '../workspace/bashRoutes.js';
import {FILE_ROUTES} from '../workspace/fileRoutes.js';
import type {ZipEntry} from '../workspace/zip.js';
import type {ActivityHub} from '../events/hub.js';
import {type AgentCtx, type AgentRoute, agentWire} from './agentRoutes.js';
import {conversationInfo} from './conversationInfo.js';

function trajectoryFiles(hub: ActivityHub, hex: string): ZipEntry[] | null {
	const agent = hub.agent(hex);
	if (!agent || agent.deleted) return null;
	return [
		{name: `${hex}/`, data: null},
		{name: `${hex}/base_state.json`, data: Buffer.from(toJson(conversationInfo(agent, hub.shape)))},
		{name: `${hex}/events/`, data: null},
		...agent.log.events.map((record, i) => ({
			name: `${hex}/events/event-${String(i).padStart(5, '0')}-${dashedUuid(record.id.replaceAll('-', ''))}.json`,
			data: Buffer.from(toJson(agentWire(hub.shape, record))),
		})),
	];
}

export const WORKSPACE_ROUTES: AgentRoute[] = [...FILE_ROUTES, ...BASH_ROUTES].map(route => ({
	method: route.method,
	...(typeof route.template === 'string' ? pathPattern(route.template) : {pattern: route.template, names: ['path']}),
	handler: (ctx: AgentCtx) =>
		route.answer({
			workspaces: ctx.workspaces,
			bash: ctx.bash,
			query: ctx.query,
			params: ctx.params,
			features: ctx.features,
			body: ctx.body,
			raw: ctx.raw,
			contentType: ctx.contentType,
			trajectory: hex => trajectoryFiles(ctx.hub, hex),
			now: () => ctx.hub.state.now(),
		}),
	...(route.when ? {when: route.when} : {}),
}));
