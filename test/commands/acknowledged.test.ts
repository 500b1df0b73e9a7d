// Issue 26 item 2 in the commands: an error or a stuck agent acknowledged in the TUI (`d` in `!`,
// kept in the seen file per server) keeps its state in `ls` and `status`, but needs you no more:
// `ls --needs-you`, `needs_you`, and status's ⚑ leave it out until its state changes again.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {ohtuiDirectory} from '../../source/runtime/xdg.js';
import {openSeenStore} from '../../source/store/attention/seenStore.js';
import {ohtui, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-agent-Ak9Lm2Np5Qr8';
type Listed = {id: string; state: string; needs_you: string | null; execution_status: string; updated_at: string};

let agent: AgentServerStandIn;
let home: Home;
let env: Record<string, string>;
const list = async (...extra: string[]) => JSON.parse((await ohtui(['ls', '--json', ...extra], {env})).out) as Listed[];
const status = async () => JSON.parse((await ohtui(['status', '--json', '--fresh'], {env})).out) as {needs_you: number; error: number; stuck: number};

beforeAll(async () => {
	agent = await startAgentServerStandIn({apiKey: KEY, live: false});
	home = tempHome();
	env = {...home.env, OPENHANDS_URL: agent.url, OPENHANDS_API_KEY: KEY};
});
afterAll(async () => {
	await agent.close();
	home.remove();
});

describe('acknowledged errors and stuck agents in the commands', () => {
	it('ls --needs-you and status leave them out; ls still shows their state; a changed state needs you again', async () => {
		const all = await list();
		const error = all.find(c => c.state === 'error')!;
		const stuck = all.find(c => c.state === 'stuck')!;
		expect([error.needs_you, stuck.needs_you]).toEqual(['error', 'stuck']);
		const before = await status();

		const seen = openSeenStore({directory: ohtuiDirectory('state', env), server: agent.url});
		seen.acknowledge(error.id, 'error', Date.parse(error.updated_at));
		seen.acknowledge(stuck.id, 'stuck', Date.parse(stuck.updated_at));
		expect(seen.save()).toBe(true);

		const needs = (await list('--needs-you')).map(c => c.id);
		expect(needs).not.toContain(error.id);
		expect(needs).not.toContain(stuck.id);
		expect((await list()).find(c => c.id === error.id)).toMatchObject({state: 'error', needs_you: null});
		const after = await status();
		expect(after).toMatchObject({needs_you: before.needs_you - 2, error: before.error, stuck: before.stuck});

		// an acknowledgement of another state (or an older updated_at) does not hold
		seen.acknowledge(error.id, 'stuck', Date.parse(error.updated_at));
		seen.acknowledge(stuck.id, 'stuck', Date.parse(stuck.updated_at) - 1);
		expect(seen.save()).toBe(true);
		expect((await list('--needs-you')).map(c => c.id)).toEqual(expect.arrayContaining([error.id, stuck.id]));
	});
});
