/**
 * What the live benches share (issue 18 §4): the agent-server stand-in on 127.0.0.1 with a key, the
 * app in a pty against it, and finding a conversation's row on screen. REST calls to the stand-in
 * as another client makes them: test/support/agentRest.ts.
 */
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerOptions, AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {type Probe, spawnCliProbe} from '../support/ptyProbe.js';
import {KEY} from '../support/agentRest.js';
import {hasTabs} from './figures.js';

export {KEY, conversationTitles, readEvents, sendMessage, setPolicy} from '../support/agentRest.js';


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

const selected = (screen: string) => screen.split('\n').find(line => line.trimStart().startsWith('›')) ?? '';

/** On the Conversations tab: moves the selection to the row whose line starts with `title`'s first words. */
export async function selectRow(probe: Probe, title: string): Promise<void> {
	const start = title.slice(0, 20);
	// the list's rows (attention first: a quiet row may be below the first screen)
	await probe.waitForScreen(screen => selected(screen) !== '' && / loaded/.test(screen), 'the rows', 30_000);
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
