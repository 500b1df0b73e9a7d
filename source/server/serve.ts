import {AGENT_FLAGS, AGENT_USAGE, parseAgentServeArgs} from './agentServer/serveArgs.js';
import {startAgentServerStandIn} from './agentServer/start.js';
import type {AgentServerOptions} from './agentServer/types.js';
import {applyFlags, type FlagTable} from './serveFlags.js';
import {startStandInServer} from './standInServer.js';
import type {StandInOptions} from './types.js';

const USAGE = `Usage: ohtui serve [options]

Run the embedded stand-in OpenHands server on 127.0.0.1 until interrupted.

Options:
  --kind K                 app-server (default) or agent-server (an OpenHands agent server
                           1.43.1; see ohtui serve --kind agent-server --help)
  --port N                 port to listen on (default 0: a free port)
  --generation G           which server to imitate: current (default; sandbox-server 1.x,
                           /api/v1/settings, no web app) or legacy (OpenHands 0.62,
                           /api/settings, web app HTML for unknown paths)
  --cloud                  imitate OpenHands Cloud (implies current): Bearer keys only,
                           web app HTML for unknown paths
  --api-key K              require this key (default: $OPENHANDS_API_KEY): current on every
                           /api/v1 route but web-client config (X-Session-API-Key), --cloud
                           on every /api path (Authorization: Bearer), legacy on /api/settings
                           and other unversioned routes
  --boot-ms N              how long a starting sandbox reports ERROR while it boots (default 4000)
  --step-ms N              duration of each conversation start step (default 1200)
  --seed-sandboxes N       seed N generated sandboxes instead of the demo data
  --seed-conversations N   seed N generated conversations instead of the demo data
  --seed-events N          give the newest conversation N events (for the activity view at scale)
  --no-live                agents act only when asked (no events or status changes by themselves)
  --event-batches          legacy: events reach the app server's event store in the agent server's
                           webhook batches (10 at a time, or 30 s after the newest), as on OpenHands 0.62
  --no-settings            answer the settings route with 404 Settings not found
  --no-rate-limit          disable the OSS rate limiter
  -h, --help               show this help
`;

export type ServeIo = {
	stdout?: {write(text: string): unknown};
	stderr?: {write(text: string): unknown};
	env?: NodeJS.ProcessEnv;
	/** stops the server like SIGINT/SIGTERM would (for in-process tests) */
	signal?: AbortSignal;
};

type Parsed =
	| {options: StandInOptions; help: boolean}
	| {kind: 'agent-server'; options: AgentServerOptions; help: boolean}
	| {error: string};

type AppTarget = {options: StandInOptions; counts: {sandboxes?: number; conversations?: number; events?: number}; apiKey?: string};

const APP_FLAGS: FlagTable<AppTarget> = {
	switches: {
		'--no-settings': t => void (t.options.withSettings = false),
		'--no-live': t => void (t.options.live = false),
		'--no-rate-limit': t => void (t.options.rateLimit = false),
		'--cloud': t => void (t.options.cloud = true),
		'--event-batches': t => void (t.options.eventBatches = true),
	},
	values: {
		'--generation': (t, value) => {
			if (value !== 'legacy' && value !== 'current') return `--generation expects legacy or current, got '${value}'`;
			t.options.generation = value;
		},
		'--api-key': (t, value) => void (t.apiKey = value),
	},
	numbers: {
		'--port': [65535, (t, n) => (t.options.port = n)],
		'--boot-ms': [3_600_000, (t, n) => (t.options.bootMs = n)],
		'--step-ms': [3_600_000, (t, n) => (t.options.stepMs = n)],
		'--seed-sandboxes': [1_000_000, (t, n) => (t.counts.sandboxes = n)],
		'--seed-conversations': [1_000_000, (t, n) => (t.counts.conversations = n)],
		'--seed-events': [1_000_000, (t, n) => (t.counts.events = n)],
	},
};

/** Every flag of both kinds, for the completion scripts (commands/completion.ts), and the words some take. */
export function serveFlags(): {flags: {name: string; value: boolean}[]; values: Record<string, readonly string[]>} {
	const names = new Map<string, boolean>([['kind', true]]);
	for (const table of [APP_FLAGS, AGENT_FLAGS] as FlagTable<never>[]) {
		for (const flag of Object.keys(table.switches)) names.set(flag.slice(2), false);
		for (const flag of [...Object.keys(table.values), ...Object.keys(table.numbers)]) names.set(flag.slice(2), true);
	}
	return {flags: [...names].map(([name, value]) => ({name, value})), values: {kind: ['app-server', 'agent-server'], generation: ['current', 'legacy']}};
}

/** `--kind agent-server` (anywhere among the arguments) serves the agent-server stand-in instead. */
function kindOf(args: readonly string[]): {kind: string; rest: string[]} {
	const rest: string[] = [];
	let kind = 'app-server';
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		if (arg === '--kind' && i + 1 < args.length) kind = args[++i]!;
		else if (arg.startsWith('--kind=')) kind = arg.slice(7);
		else rest.push(arg);
	}
	return {kind, rest};
}

export function parseServeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Parsed {
	const {kind, rest: args} = kindOf(argv[0] === 'serve' ? argv.slice(1) : argv);
	if (kind === 'agent-server') return parseAgentServeArgs(args, env);
	if (kind !== 'app-server') return {error: `--kind expects app-server or agent-server, got '${kind}'`};
	const target: AppTarget = {options: {}, counts: {}};
	const read = applyFlags(args, APP_FLAGS, target);
	if ('error' in read) return read;
	const {options, counts, apiKey} = target;
	if (counts.sandboxes !== undefined || counts.conversations !== undefined || counts.events !== undefined) options.seed = counts;
	if (options.cloud && options.generation === 'legacy') return {error: '--cloud imitates a current server; it cannot be combined with --generation legacy'};
	if (options.eventBatches && options.generation !== 'legacy') return {error: '--event-batches imitates a legacy server (--generation legacy)'};
	const key = apiKey ?? env['OPENHANDS_API_KEY'];
	if (key) options.apiKey = key;
	return {options, help: read.help};
}

/**
 * `ohtui serve ...`: prints `listening on http://127.0.0.1:PORT` once ready, stays up until
 * SIGINT/SIGTERM (or `io.signal`), closes and resolves 0. A bad flag → message on stderr and 2.
 */
export async function serve(argv: string[], io: ServeIo = {}): Promise<number> {
	const stdout = io.stdout ?? process.stdout;
	const stderr = io.stderr ?? process.stderr;
	const parsed = parseServeArgs(argv, io.env ?? process.env);
	if ('error' in parsed) {
		stderr.write(`ohtui serve: ${parsed.error}\nRun ohtui serve --help for usage.\n`);
		return 2;
	}
	if (parsed.help) {
		stdout.write('kind' in parsed ? AGENT_USAGE : USAGE);
		return 0;
	}
	let server;
	try {
		server = 'kind' in parsed ? await startAgentServerStandIn(parsed.options) : await startStandInServer(parsed.options);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		stderr.write(`ohtui serve: cannot listen on 127.0.0.1:${parsed.options.port ?? 0}${code ? ` (${code})` : ''}\n`);
		return 1;
	}
	await new Promise<void>(resolve => {
		const stop = () => {
			process.off('SIGINT', stop);
			process.off('SIGTERM', stop);
			io.signal?.removeEventListener('abort', stop);
			resolve();
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
		io.signal?.addEventListener('abort', stop);
		// one line, exactly: scripts wait for it (the agent servers' address is in each sandbox's exposed urls)
		stdout.write(`listening on ${server.url}\n`);
		if (io.signal?.aborted) stop();
	});
	await server.close();
	return 0;
}
