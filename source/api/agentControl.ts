import {z} from 'zod';
import {type AgentCall, agentServerError, sendMessageError, unreachableAgent} from './agentErrors.js';
import type {AgentCommand, AgentTarget, CallOptions} from './client.js';
import type {ApiContext} from './context.js';
import {tryJson} from './errorFromResponse.js';
import {type ErrorContext, makeError} from './errorText.js';
import {isApiError} from './errors.js';

/** `{"success": true}` (agent server), `{"success":true,"sandbox_status":…,"message":null}` (send-message, 5.1). */
const successSchema = z.looseObject({success: z.boolean(), message: z.string().nullable().optional()});

/**
 * One user message, exactly one POST. Current servers: the app server's send-message (5.1);
 * legacy servers have none, so it goes to the agent server as the web app sends it (5.2), with
 * `run: true` (the agent server's default is false: the agent would not pick the message up).
 */
export async function sendMessage(ctx: ApiContext, target: AgentTarget, text: string, options?: CallOptions): Promise<void> {
	const body = {role: 'user', content: [{type: 'text', text}], run: true};
	const server = await ctx.server(options?.signal);
	if (server.generation === 'current') {
		const path = `/api/v1/app-conversations/${encodeURIComponent(target.id)}/send-message`;
		const raw = await ctx.http.send({method: 'POST', path, body, signal: options?.signal, deadlineMs: options?.deadlineMs});
		if (raw.status < 200 || raw.status >= 300) throw sendMessageError(raw.ctx, raw);
		checkSuccess(raw.ctx, tryJson(raw), 'the server did not accept the message');
		return;
	}
	await agentCall(ctx, target, 'send', body, options);
}

const ROUTES: Record<AgentCommand, string> = {
	pause: '/pause',
	run: '/run',
	accept: '/events/respond_to_confirmation',
	reject: '/events/respond_to_confirmation',
};

/** Pause / run the agent, accept / reject its pending actions: agent-server routes on both generations (6). */
export async function controlAgent(
	ctx: ApiContext,
	target: AgentTarget,
	command: AgentCommand,
	reason?: string,
	options?: CallOptions,
): Promise<void> {
	const text = reason?.trim();
	// the server's own default reason when none is given ("User rejected the action.")
	const body =
		command === 'accept' ? {accept: true} : command === 'reject' ? {accept: false, ...(text ? {reason: text} : {})} : undefined;
	await agentCall(ctx, target, command, body, options);
}

async function agentCall(ctx: ApiContext, target: AgentTarget, call: AgentCall, body: unknown, options?: CallOptions): Promise<void> {
	const suffix = call === 'send' ? '/events' : ROUTES[call];
	const endpoint = ctx.agents.endpoint(target, `POST ${suffix}`);
	const path = `${endpoint.path}${suffix}`;
	const errorCtx: ErrorContext = {operation: `POST ${path}`, host: endpoint.where, apiKey: endpoint.key || null};
	let raw;
	try {
		raw = await endpoint.http.send({method: 'POST', path, ...(body === undefined ? {} : {body}), signal: options?.signal, deadlineMs: options?.deadlineMs});
	} catch (error) {
		if (!isApiError(error)) throw error;
		throw unreachableAgent(error, errorCtx, endpoint.where, endpoint.hostname);
	}
	if (raw.status < 200 || raw.status >= 300) throw agentServerError(raw.ctx, raw, call, endpoint.where);
	checkSuccess(raw.ctx, tryJson(raw), 'the agent server answered success=false');
}

function checkSuccess(ctx: ErrorContext, json: unknown, fallback: string): void {
	const parsed = successSchema.safeParse(json);
	// a 2xx with a body we cannot read is still a 2xx: the server took the request
	if (!parsed.success || parsed.data.success) return;
	throw makeError(ctx, {kind: 'server', message: parsed.data.message ? `refused: ${parsed.data.message}` : fallback});
}
