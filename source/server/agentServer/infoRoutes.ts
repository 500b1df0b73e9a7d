import {json, type Reply} from '../errors.js';
import {float} from '../json.js';
import {asRoute, type Ctx, detail} from './routes.js';
import type {Features} from './version.js';
import {profilesBody, readExposure, settingsBody} from './settings.js';

/** what a real 1.43.1 listed */
const USABLE_TOOLS = ['file_editor', 'task_tool_set', 'task', 'task_tracker', 'terminal', 'workflow_tool_set', 'workflow', 'edit', 'list_directory', 'read_file', 'write_file', 'glob', 'grep', 'planning_file_editor'];

/**
 * `GET /server_info` (also at `/`), unauthenticated (§1.1): whole seconds sent as floats. 1.1.0 had
 * six fields only. Also the answer of the app-server stand-in's agent listener.
 */
export function serverInfoBody(features: Features, uptimeMs: number, idleMs: number): Record<string, unknown> {
	const head = {uptime: float(Math.floor(uptimeMs / 1000)), idle_time: float(Math.floor(idleMs / 1000)), title: 'OpenHands Agent Server', version: features.version};
	if (!features.fullServerInfo) return {...head, docs: '/docs', redoc: '/redoc'};
	return {
		...head,
		sdk_version: features.version,
		tools_version: features.version,
		workspace_version: features.version,
		build_git_sha: 'unknown',
		build_git_ref: 'unknown',
		python_version: '3.12.11 (main, Jun  4 2025, 04:14:08) [GCC 12.2.0]',
		usable_tools: USABLE_TOOLS,
		// null on a real 1.43.1 started as ohtui's checks start it (no terminal timeout policy set)
		runtime_idle_timeout_seconds: null,
		capabilities: ['credential_binding_v1', 'credential_binding_readiness_probe_v1', 'credential_binding_activation_guard_v1'],
		max_foreground_terminal_timeout_seconds: null,
		docs: '/docs',
		redoc: '/redoc',
	};
}

function serverInfo(ctx: Ctx): Reply {
	const now = ctx.meta.now();
	return json(200, serverInfoBody(ctx.state.features, now - ctx.meta.startedMs, now - ctx.meta.lastActivityMs));
}

/** `/health`: JSON since v1.21; the bare string `"OK"` before. */
function health(ctx: Ctx): Reply {
	return json(200, ctx.state.features.jsonHealth ? {status: 'ok'} : 'OK');
}

function ready(ctx: Ctx): Reply {
	return ctx.meta.ready ? json(200, {status: 'ready'}) : json(503, {status: 'initializing', message: 'Server is still initializing'});
}

function settings(ctx: Ctx): Reply {
	const exposure = readExposure(ctx.headers['x-expose-secrets']);
	if (typeof exposure === 'object') return detail(400, exposure.error);
	return json(200, settingsBody(ctx.meta.settings, exposure));
}

export const infoRoutes = [
	asRoute('GET', '/', serverInfo),
	asRoute('GET', '/server_info', serverInfo),
	asRoute('GET', '/alive', () => json(200, {status: 'ok'})),
	asRoute('GET', '/health', health),
	asRoute('GET', '/ready', ready, f => f.jsonHealth),
	asRoute('GET', '/api/settings', settings, f => f.settings),
	asRoute('GET', '/api/profiles', ctx => json(200, profilesBody(ctx.meta.settings)), f => f.profiles),
];
