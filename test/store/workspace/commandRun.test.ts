// Following a command's output (store/workspace/commandRun.ts) against the agent-server stand-in:
// every output in order and once, whatever the transport; a slow reader is waited for, and a socket
// whose outputs pile up past the bound is let go for searching, which waits for the reader.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import type {Workspace} from '../../../source/api/agent/workspace.js';
import {startAgentServerStandIn} from '../../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../../source/server/agentServer/types.js';
import {runCommand} from '../../../source/store/workspace/commandRun.js';

let server: AgentServerStandIn;
let client: OpenHandsClient;
let workspace: Workspace;

beforeAll(async () => {
	server = await startAgentServerStandIn({live: false});
	client = createClient({baseUrl: server.url});
	const [first] = (await client.searchConversations()).items;
	workspace = await client.workspace({id: first!.id, conversation_url: null, session_api_key: null, sandbox_id: '', working_dir: first!.working_dir ?? null});
});
afterAll(async () => {
	await client.close();
	await server.close();
});

const seq = (n: number) => Array.from({length: n}, (_, i) => `${i + 1}\n`).join('');
const EXPECTED = seq(400_000);

describe('runCommand', () => {
	it('a slow reader gets every output in order: the socket is let go once 4 MiB wait, searching goes on from there', async () => {
		const transports: string[] = [];
		let text = '';
		// the reader takes the first output and then stalls until following has left the socket
		let release = () => {};
		const stalled = new Promise<void>(resolve => (release = resolve));
		const end = await runCommand(
			workspace,
			{command: 'seq 1000000; sleep 0.3; seq 400000', timeoutS: 60},
			{stdout: async chunk => {
				text += chunk;
				await stalled;
			}, stderr: () => {}},
			{onTransport: kind => {
				transports.push(kind);
				if (kind === 'polling') release();
			}},
		);
		expect(end).toMatchObject({kind: 'exited', code: 0});
		const expected = seq(1_000_000) + EXPECTED;
		expect(text.length).toBe(expected.length);
		expect(text === expected).toBe(true);
		expect(transports).toEqual(['socket', 'polling']);
	});

	it('searching only (no socket): the same bytes; an exit code and stderr come with the last output', async () => {
		let out = '';
		let err = '';
		const end = await runCommand(workspace, {command: 'seq 400000; echo done >&2; exit 7', timeoutS: 60}, {stdout: chunk => void (out += chunk), stderr: chunk => void (err += chunk)}, {transport: 'poll'});
		expect(end).toMatchObject({kind: 'exited', code: 7});
		expect(out === EXPECTED).toBe(true);
		expect(err).toBe('done\n');
	});
});
