import {readFlags, wholeNumber} from '../serveFlags.js';
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

const VALUE_FLAGS = ['--port', '--api-key', '--agent-version', '--step-ms', '--seed-conversations', '--seed-events'];

export function parseAgentServeArgs(args: readonly string[], env: NodeJS.ProcessEnv): {kind: 'agent-server'; options: AgentServerOptions; help: boolean} | {error: string} {
	const flags = readFlags(args, VALUE_FLAGS);
	if ('error' in flags) return flags;
	const options: AgentServerOptions = {};
	const counts: {conversations?: number; events?: number} = {};
	let help = false;
	let apiKey: string | undefined;
	for (const f of flags) {
		let n: number | {error: string} = 0;
		switch (f.flag) {
			case '-h':
			case '--help':
				help = true;
				continue;
			case '--no-live':
				options.live = false;
				continue;
			case '--pings':
				options.pingIntervalMs = 20_000;
				continue;
			case '--streaming':
				options.streaming = true;
				continue;
			case '--api-key':
				apiKey = f.value;
				continue;
			case '--agent-version':
				if (!/^\d+\.\d+\.\d+/.test(f.value!)) return {error: `--agent-version expects a version such as 1.43.1, got '${f.value}'`};
				options.version = f.value!;
				continue;
			case '--port':
				n = wholeNumber(f, 65535);
				if (typeof n === 'number') options.port = n;
				break;
			case '--step-ms':
				n = wholeNumber(f, 3_600_000);
				if (typeof n === 'number') options.stepMs = n;
				break;
			case '--seed-conversations':
				n = wholeNumber(f, 1_000_000);
				if (typeof n === 'number') counts.conversations = n;
				break;
			case '--seed-events':
				n = wholeNumber(f, 1_000_000);
				if (typeof n === 'number') counts.events = n;
				break;
			default:
				return {error: `unknown option ${f.flag}${['--generation', '--cloud', '--boot-ms', '--seed-sandboxes', '--no-settings', '--no-rate-limit'].includes(f.flag) ? ' for --kind agent-server' : ''}`};
		}
		if (typeof n !== 'number') return n;
	}
	if (counts.conversations !== undefined || counts.events !== undefined) options.seed = counts;
	const key = apiKey ?? env['OPENHANDS_API_KEY'];
	if (key) options.apiKey = key;
	return {kind: 'agent-server', options, help};
}
