/**
 * What the live benches share (issue 18 §4): the agent-server stand-in on 127.0.0.1 with a key, the
 * app in a pty against it, REST calls to the stand-in made as another client would (a message, a
 * policy), and finding a conversation's row on screen.
 */
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerOptions, AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {type Probe, spawnCliProbe} from '../support/ptyProbe.js';
import {hasTabs} from './figures.js';

export const KEY = 'bench-live-key-5c1e';

export type LiveSetup = {server: AgentServerStandIn; probe: Probe; close(): Promise<void>};

export async function liveSetup(options: AgentServerOptions): Promise<LiveSetup> {
	const server = await startAgentServerStandIn({apiKey: KEY, ...options});
	const probe = spawnCliProbe(['--url', server.url], {OPENHANDS_API_KEY: KEY});
	await probe.waitForScreen(hasTabs, 'tabs', 30_000);
	return {
		server,
		probe,
		async close() {
			probe.dispose();
			await server.close();
		},
	};
}

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

const selected = (screen: string) => screen.split('\n').find(line => line.trimStart().startsWith('›')) ?? '';

/** On the Conversations tab: moves the selection to the row whose line starts with `title`'s first words. */
export async function selectRow(probe: Probe, title: string): Promise<void> {
	const start = title.slice(0, 20);
	await probe.waitForScreen(screen => screen.includes(start), `the row ${start}`, 30_000);
	await probe.waitForQuiet(300);
	for (let i = 0; i < 120 && !selected(probe.screenText()).includes(start); i++) {
		const before = selected(probe.screenText());
		probe.press('j');
		await probe.waitForScreen(screen => selected(screen) !== before, 'the selection to move', 5000).catch(() => undefined);
	}
	if (!selected(probe.screenText()).includes(start)) throw new Error(`no row ${start}`);
	await probe.waitForQuiet(300);
}

/** p-th percentile (nearest rank) */
export function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
