/**
 * The workspace commands at size (issue 28): `ohtui diff` of a 1,000-file change and `ohtui exec`
 * of a command printing 10 MB, each spawned cold (the built CLI) against the agent-server stand-in,
 * stdout read by this process: time to exit, the child's peak resident memory (VmHWM, sampled every
 * 10 ms until it exits) and the bytes it wrote. Memory must stay bounded: both stream, neither holds
 * the whole output (target: 120 MB, a command's own ~90 MB and what a few chunks in flight take).
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import {benchNode, benchRoot} from '../support/ptyProbe.js';
import {type Bench, type Figure, median, round} from './figures.js';

type Sample = {ms: number; peakMb: number; bytes: number};

function peakKb(pid: number): number {
	try {
		return Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
	} catch {
		return 0;
	}
}

async function measure(args: string[], env: Record<string, string>): Promise<Sample> {
	const started = performance.now();
	const child = spawn(benchNode(), [join(benchRoot(), 'dist', 'cli.js'), ...args], {env: {PATH: process.env['PATH'] ?? '', ...env}, stdio: ['ignore', 'pipe', 'pipe']});
	let bytes = 0;
	let err = '';
	let peak = 0;
	child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
	child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
	const sampler = setInterval(() => (peak = Math.max(peak, peakKb(child.pid!))), 10);
	const code = await new Promise<number | null>(resolve => child.on('exit', resolve));
	clearInterval(sampler);
	const ms = performance.now() - started;
	if (code !== 0) throw new Error(`ohtui ${args.join(' ')} exited ${code}: ${err.trim()}`);
	return {ms, peakMb: peak / 1024, bytes};
}

/** A conversation whose folder holds 1,000 new files of 40 lines each (uploaded: untracked, as git lists them). */
async function thousandFiles(url: string): Promise<string> {
	const dir = '/home/dev/src/bench-repo';
	const made = await fetch(`${url}/api/conversations`, {
		method: 'POST',
		headers: {'content-type': 'application/json'},
		body: JSON.stringify({agent_settings: {llm: {model: 'openai/gpt-4o'}}, workspace: {working_dir: dir}}),
	});
	const {id} = (await made.json()) as {id: string};
	for (let i = 0; i < 1000; i++) {
		const form = new FormData();
		const text = Array.from({length: 40}, (_, n) => `line ${n} of file ${i}: ${'x'.repeat(20)}`).join('\n') + '\n';
		form.append('file', new Blob([text]), 'f');
		await fetch(`${url}/api/file/upload?path=${encodeURIComponent(`${dir}/pkg${i % 20}/module_${i}.py`)}`, {method: 'POST', body: form});
	}
	return id;
}

export const workspace: Bench = {
	name: 'workspace',
	async run(): Promise<Figure[]> {
		const runs = Number(process.env['BENCH_WORKSPACE_RUNS'] ?? 3);
		const home = mkdtempSync(join(tmpdir(), 'ohtui-bench-ws-'));
		const server = await startAgentServerStandIn({live: false, seed: 'empty'});
		const env = {HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'), OPENHANDS_URL: server.url};
		const baseline: Sample[] = [];
		const diff: Sample[] = [];
		const execSocket: Sample[] = [];
		const execPolling: Sample[] = [];
		try {
			const id = await thousandFiles(server.url);
			await measure(['diff', id], env);
			for (let i = 0; i < runs; i++) {
				baseline.push(await measure(['ls', '--json'], env));
				diff.push(await measure(['diff', id], env));
				execSocket.push(await measure(['exec', id, '--', 'seq 1400000'], env));
				server.setRefuseUpgrades(true);
				execPolling.push(await measure(['exec', id, '--', 'seq 1400000'], env));
				server.setRefuseUpgrades(false);
			}
		} finally {
			await server.close();
			rmSync(home, {recursive: true, force: true});
		}
		const bench = 'workspace';
		const note = `${runs} runs, spawned cold against the agent-server stand-in`;
		const figures = (what: string, samples: Sample[], target: number): Figure[] => {
			const peak = Math.max(...samples.map(s => s.peakMb));
			const bytes = samples[0]!.bytes;
			return [
				{bench, name: `${what}: spawn to exit (median)`, value: round(median(samples.map(s => s.ms))), unit: 'ms', target: '', pass: null, note},
				{bench, name: `${what}: peak resident memory`, value: round(peak), unit: 'MB', target: `<= ${target} MB (streamed)`, pass: peak <= target, note: 'VmHWM sampled every 10 ms'},
				{bench, name: `${what}: bytes written`, value: bytes, unit: 'B', target: '', pass: null},
			];
		};
		return [
			{bench, name: 'baseline: `ohtui ls --json`, peak resident memory', value: round(Math.max(...baseline.map(s => s.peakMb))), unit: 'MB', target: '', pass: null, note: 'a command that loads the client and makes one request'},
			...figures('`ohtui diff`, 1,000 new files (1.7 MB patch)', diff, 120),
			...figures('`ohtui exec` printing 10 MB, bash socket', execSocket, 120),
			...figures('`ohtui exec` printing 10 MB, searching (no websocket)', execPolling, 120),
		];
	},
};
