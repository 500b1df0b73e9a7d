import {randomUUID} from 'node:crypto';
import {json, type Reply, unprocessable} from '../errors.js';
import {hubOf} from '../events/hub.js';
import type {ContentItem} from '../events/model.js';
import {dashedUuid, parseUuid} from '../ids.js';
import {type Ctx, route} from '../router.js';
import {sandboxStatus} from '../sandboxOps.js';
import {sendMessage} from './commands.js';
import {parseMessageBody} from './messageBody.js';


const detail = (status: number, text: string): Reply => json(status, {detail: text});

/**
 * `POST /api/v1/app-conversations/{conversation_id}/send-message` (current only; shared/openhands-api-newer.md
 * 5.1): forwards `{role, content, run}` to the conversation's agent server; `run` defaults to true.
 * A conversation whose sandbox was deleted reads `MISSING` everywhere in this stand-in, so it gets the
 * 410 of a MISSING sandbox (the docker service's "no row" 404 is not imitated).
 */
function sendMessageRoute(ctx: Ctx): Reply {
	const hub = hubOf(ctx.state);
	hub.advance();
	const raw = ctx.params['conversation_id']!;
	const id = parseUuid(raw);
	const body = parseMessageBody(ctx.body, {roles: ['user'], runDefault: true, minContent: 1});
	const errors = [
		...('hex' in id ? [] : [{type: 'uuid_parsing', loc: ['path', 'conversation_id'], msg: `Input should be a valid UUID, ${id.error}`, input: raw, ctx: {error: id.error}}]),
		...('errors' in body ? body.errors : []),
	];
	if (errors.length > 0 || !('hex' in id) || 'errors' in body) return unprocessable(errors);
	const conversation = ctx.state.conversationById.get(id.hex);
	if (!conversation) return detail(404, `Conversation ${dashedUuid(id.hex)} not found`);
	const sandbox = ctx.state.sandboxById.get(conversation.sandboxId);
	const status = sandbox ? sandboxStatus(ctx.state, sandbox) : 'MISSING';
	if (status === 'MISSING') return detail(410, 'Conversation is archived. The sandbox no longer exists.');
	if (status === 'ERROR') return detail(503, 'Sandbox is in an error state and cannot accept messages.');
	if (status !== 'RUNNING') {
		return detail(409, `Sandbox is ${status}. Use POST /api/v1/sandboxes/${conversation.sandboxId}/resume to resume it first.`);
	}
	const agent = hub.agent(conversation.id)!;
	// the agent server no longer knows it (deleted there): its 404 comes back as a 502
	if (agent.deleted) return detail(502, 'Agent server error: 404');
	sendMessage(hub.engine, agent, body.content, body.run);
	return json(200, {success: true, sandbox_status: 'RUNNING', message: null});
}

const MAX_PENDING = 10;

/**
 * `POST /api/v1/conversations/{conversation_id}/pending-messages` (5.3): the id is the conversation's
 * or `task-<start task id>` before it is READY; delivered once the conversation exists and runs.
 */
function pendingMessageRoute(ctx: Ctx): Reply {
	const hub = hubOf(ctx.state);
	hub.advance();
	let body: unknown;
	try {
		body = JSON.parse(ctx.body ?? '');
	} catch {
		return detail(400, 'Invalid request body');
	}
	const content = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['content'] : undefined;
	if (!Array.isArray(content) || content.length === 0) return detail(400, 'content must be a non-empty list');
	const key = pendingKey(ctx.params['conversation_id']!);
	const queue = hub.pendingMessages.get(key) ?? [];
	if (queue.length >= MAX_PENDING) return detail(429, 'Too many pending messages. Maximum 10 messages per conversation.');
	const items: ContentItem[] = content.flatMap((item): ContentItem[] => {
		if (typeof item !== 'object' || item === null) return [];
		const record = item as Record<string, unknown>;
		if (typeof record['text'] === 'string') return [{type: 'text', text: record['text']}];
		if (Array.isArray(record['image_urls'])) return [{type: 'image', image_urls: record['image_urls'].map(String)}];
		return [];
	});
	const message = {id: randomUUID(), content: items};
	queue.push(message);
	hub.pendingMessages.set(key, queue);
	return json(201, {id: message.id, queued: true, position: queue.length});
}

function pendingKey(raw: string): string {
	const task = raw.startsWith('task-');
	const parsed = parseUuid(task ? raw.slice(5) : raw);
	if (!('hex' in parsed)) return raw;
	return task ? `task-${parsed.hex}` : parsed.hex;
}

export const currentAgentProxyRoutes = [
	route('POST', '/api/v1/app-conversations/{conversation_id}/send-message', sendMessageRoute),
	route('POST', '/api/v1/conversations/{conversation_id}/pending-messages', pendingMessageRoute),
];
