/**
 * REST calls to the stand-in agent server as another client makes them (a message, a policy, the
 * list), for the live tests and benches (issue 18): what happens on the server while ohtui watches.
 */
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';

export const KEY = 'live-test-key-5c1e';

async function call(server: AgentServerStandIn, path: string, body: unknown): Promise<void> {
	const response = await fetch(`${server.url}${path}`, {method: 'POST', headers: {'content-type': 'application/json', 'x-session-api-key': KEY}, body: JSON.stringify(body)});
	if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

/** A user message, as another client sends it; `run: false` leaves the agent as it is (one event). */
export function sendMessage(server: AgentServerStandIn, id: string, text: string, run = false): Promise<void> {
	return call(server, `/api/conversations/${id}/events`, {role: 'user', content: [{type: 'text', text}], run});
}

export function setPolicy(server: AgentServerStandIn, id: string, kind: 'AlwaysConfirm' | 'NeverConfirm'): Promise<void> {
	return call(server, `/api/conversations/${id}/confirmation_policy`, {policy: {kind}});
}

export async function conversationTitles(server: AgentServerStandIn): Promise<{id: string; title: string; status: string}[]> {
	const response = await fetch(`${server.url}/api/conversations/search?limit=100`, {headers: {'x-session-api-key': KEY}});
	const body = (await response.json()) as {items: {id: string; title: string | null; execution_status: string}[]};
	return body.items.map(c => ({id: c.id, title: c.title ?? '', status: c.execution_status}));
}

export async function readEvents(server: AgentServerStandIn, id: string): Promise<void> {
	await (await fetch(`${server.url}/api/conversations/${id}/events/search?limit=1`, {headers: {'x-session-api-key': KEY}})).text();
}

