import {applyFlags, type FlagTable} from '../serveFlags.js';
import type {AgentServerOptions} from './types.js';

export const AGENT_USAGE = `Usage: ohtui serve --kind agent-server [options]

Run a stand-in OpenHands agent server (software-agent-sdk 1.43.1: REST and the events websocket)
on 127.0.0.1 until interrupted.

Options:
  --port N                 port to listen on (default 0: a free port)
  --api-key K              require this session key, X-Session-API-Key (default: $OPENHANDS_API_KEY;
                           none: everything is open, as on a server without SESSION_API_KEY)
  --agent-version V        imitate another version, e.g. 1.1.0 (what legacy app servers run)
  --step-ms N              pace of the agents' steps (default 1200; a model call takes 2-5 steps)
  --seed-conversations N   seed N generated conversations instead of the demo's
  --seed-events N          give the newest conversation N events
  --no-live                agents act only when asked
  --pings                  ping every websocket every 20 s, close 1011 without a pong (uvicorn >= 0.46)
  --streaming              stream model answers as StreamingDeltaEvent frames
  -h, --help               show this help
`;

type AgentTarget = {options: AgentServerOptions; counts: {conversations?: number; events?: number}; apiKey?: string};

/** the app server's flags, named when given to the agent server */
const APP_ONLY = ['--generation', '--cloud', '--boot-ms', '--seed-sandboxes', '--no-settings', '--no-rate-limit'];

export const AGENT_FLAGS: FlagTable<AgentTarget> = {
	switches: {
		'--no-live': t => void (t.options.live = false),
		'--pings': t => void (t.options.pingIntervalMs = 20_000),
		'--streaming': t => void (t.options.streaming = true),
	},
	values: {
		'--api-key': (t, value) => void (t.apiKey = value),
		'--agent-version': (t, value) => {
			if (!/^\d+\.\d+\.\d+/.test(value)) return `--agent-version expects a version such as 1.43.1, got '${value}'`;
			t.options.version = value;
		},
	},
	numbers: {
		'--port': [65535, (t, n) => (t.options.port = n)],
		'--step-ms': [3_600_000, (t, n) => (t.options.stepMs = n)],
		'--seed-conversations': [1_000_000, (t, n) => (t.counts.conversations = n)],
		'--seed-events': [1_000_000, (t, n) => (t.counts.events = n)],
	},
	hint: flag => (APP_ONLY.includes(flag) ? ' for --kind agent-server' : ''),
};

export function parseAgentServeArgs(args: readonly string[], env: NodeJS.ProcessEnv): {kind: 'agent-server'; options: AgentServerOptions; help: boolean} | {error: string} {
	const target: AgentTarget = {options: {}, counts: {}};
	const read = applyFlags(args, AGENT_FLAGS, target);
	if ('error' in read) return read;
	const {options, counts} = target;
	if (counts.conversations !== undefined || counts.events !== undefined) options.seed = counts;
	const key = target.apiKey ?? env['OPENHANDS_API_KEY'];
	if (key) options.apiKey = key;
	return {kind: 'agent-server', options, help: read.help};
}
