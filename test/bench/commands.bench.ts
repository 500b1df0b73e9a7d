/**
 * The commands, cold: spawn to exit of `ohtui status` and `ohtui ls --json`, against `node -e 0`
 * spawned the same way in the same run, interleaved so all see the same machine load, and one
 * request to the same route timed from a warm process over a fresh connection. Target (issue 20):
 * status <= 2x `node -e 0` + one request.
 *
 * `ohtui status` as a status bar runs it (every interval, from several panes): the shared answer is
 * older than --max-age, so it is printed at once and a detached process asks for the next one; that
 * process (`--refresh-only`) is timed on its own, and so is `--fresh`, which waits for the server.
 * The children keep a compile cache (as an installed ohtui does from its second run, Node >= 22.1);
 * `--fresh` without it is given beside.
 */
import {spawn} from 'node:child_process';
import {request} from 'node:http';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startStandInServer} from '../../source/server/standInServer.js';
import {benchNode, benchRoot} from '../support/ptyProbe.js';
import {type Bench, type Figure, median, round} from './figures.js';

async function exitTime(args: string[], env: Record<string, string>): Promise<number> {
	const started = performance.now();
	const child = spawn(benchNode(), args, {env: {PATH: process.env['PATH'] ?? '', ...env}, stdio: ['ignore', 'pipe', 'pipe']});
	let err = '';
	child.stdout.resume();
	child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
	const code = await new Promise<number | null>(resolve => child.on('exit', resolve));
	const ms = performance.now() - started;
	if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}: ${err.trim()}`);
	return ms;
}

/** One GET over a new connection (what a cold process pays), from this warm process. */
async function oneRequest(url: string): Promise<number> {
	const started = performance.now();
	await new Promise<void>((resolve, reject) => {
		const req = request(`${url}/api/v1/app-conversations/search?limit=100`, {agent: false}, res => {
			res.resume();
			res.on('end', resolve);
		});
		req.on('error', reject);
		req.end();
	});
	return performance.now() - started;
}

export const commands: Bench = {
	name: 'commands',
	async run(): Promise<Figure[]> {
		const runs = Number(process.env['BENCH_COMMAND_RUNS'] ?? 15);
		const home = mkdtempSync(join(tmpdir(), 'ohtui-bench-cmd-'));
		const server = await startStandInServer({rateLimit: false, live: false});
		const env = {HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'), OPENHANDS_URL: server.url};
		const noCache = {...env, NODE_DISABLE_COMPILE_CACHE: '1'};
		// the build measured: this checkout's, or another's with --compare (test/bench/run.ts)
		const cliPath = join(benchRoot(), 'dist', 'cli.js');
		const cli = (...args: string[]) => [cliPath, ...args];
		const samples = {node: [] as number[], request: [] as number[], steady: [] as number[], refresher: [] as number[], fresh: [] as number[], cached: [] as number[], noCompileCache: [] as number[], ls: [] as number[]};
		const settle = () => new Promise(resolve => setTimeout(resolve, 400));
		try {
			// warm the file cache, fill the compile cache and the status cache, unmeasured
			await exitTime(['-e', '0'], env);
			await exitTime(cli('status'), env);
			await exitTime(cli('ls', '--json'), env);
			await oneRequest(server.url);
			for (let i = 0; i < runs; i++) {
				samples.node.push(await exitTime(['-e', '0'], env));
				samples.request.push(await oneRequest(server.url));
				// older than --max-age, recent: printed at once; the refresh it starts is let finish before the next run
				samples.steady.push(await exitTime(cli('status', '--max-age', '0.001'), env));
				await settle();
				samples.refresher.push(await exitTime(cli('status', '--refresh-only', '--max-age', '0.001'), env));
				samples.fresh.push(await exitTime(cli('status', '--fresh', '--max-age', '0.001'), env));
				samples.cached.push(await exitTime(cli('status', '--max-age', '3600'), env));
				samples.noCompileCache.push(await exitTime(cli('status', '--fresh', '--max-age', '0.001'), noCache));
				samples.ls.push(await exitTime(cli('ls', '--json'), env));
			}
		} finally {
			await server.close();
			rmSync(home, {recursive: true, force: true});
		}

		const nodeMs = median(samples.node);
		const requestMs = median(samples.request);
		const budget = 2 * nodeMs + requestMs;
		const steadyMs = median(samples.steady);
		const freshMs = median(samples.fresh);
		const bench = 'commands';
		const note = `${runs} runs, compile cache warm`;
		const x = (ms: number) => `${round(ms / nodeMs, 2)}x node -e 0`;
		return [
			{bench, name: '`node -e 0` (median)', value: round(nodeMs), unit: 'ms', target: '', pass: null, note: `${runs} runs`},
			{bench, name: 'one request, fresh connection (median)', value: round(requestMs, 2), unit: 'ms', target: '', pass: null, note: 'GET app-conversations/search?limit=100 from a warm process'},
			{bench, name: '`ohtui status` in a status bar (median)', value: round(steadyMs), unit: 'ms', target: `<= 2x node -e 0 + one request (${round(budget)} ms)`, pass: steadyMs <= budget, note: `${x(steadyMs)}; the answer older than --max-age printed at once, the next one asked by a detached process; ${note}`},
			{bench, name: '… the detached refresh (median)', value: round(median(samples.refresher)), unit: 'ms', target: '', pass: null, note: `${x(median(samples.refresher))}; config, client (undici, zod), one request, the cache written; once per interval whatever the number of callers`},
			{bench, name: '`ohtui status --fresh`, waiting for the server (median)', value: round(freshMs), unit: 'ms', target: '', pass: null, note: `${x(freshMs)}; ${note}`},
			{
				bench,
				name: '`ohtui status`, a fresh answer in the cache (median)',
				value: round(median(samples.cached)),
				unit: 'ms',
				target: `<= 1.5x node -e 0 (${round(1.5 * nodeMs)} ms)`,
				pass: median(samples.cached) <= 1.5 * nodeMs,
				note: `${x(median(samples.cached))}; no request, stdout a pipe`,
			},
			{bench, name: '`ohtui status --fresh` without compile cache (median)', value: round(median(samples.noCompileCache)), unit: 'ms', target: '', pass: null, note: 'NODE_DISABLE_COMPILE_CACHE=1 (a first run, or Node < 22.1)'},
			{bench, name: '`ohtui ls --json` (median)', value: round(median(samples.ls)), unit: 'ms', target: '', pass: null, note: `${x(median(samples.ls))}; 12 conversations, one request; ${note}`},
		];
	},
};
