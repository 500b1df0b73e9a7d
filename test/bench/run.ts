/**
 * Runs the benchmarks, prints a table and writes test/bench/RESULTS.md (from results.json: one
 * column per Node line, see results.ts). Never fails: a bench that throws is reported as an error
 * row. `npm run bench` builds first and runs them all; pass names to run some
 * (`node --import tsx test/bench/run.ts idle scale`).
 * The app runs on the Node given by `--node PATH` (`npm run bench -- --node "$(.ci/node 26)"`) or
 * OHTUI_BENCH_NODE, else on the Node running this script; the harness stays on the latter.
 * Env: BENCH_IDLE_SECONDS (default 60), BENCH_IDLE_WARMUP_SECONDS (30), BENCH_STARTUP_RUNS (7), BENCH_SCALE_PRESSES (30),
 * BENCH_ACTION_ROUNDS (5), BENCH_REFRESH_SECONDS (6), BENCH_ACTIVITY_EVENTS (10000), BENCH_ACTIVITY_RUNS,
 * BENCH_ACTIVITY_IDLE_SECONDS, BENCH_ACTIVITY_GENERATION (legacy|current), BENCH_COMMAND_RUNS (15).
 */
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchNode} from '../support/ptyProbe.js';
import {action} from './action.bench.js';
import {commands} from './commands.bench.js';
import {activity} from './activity.bench.js';
import type {Bench, Figure} from './figures.js';
import {idle} from './idle.bench.js';
import {type BenchRun, mergeRun, readResults, renderMarkdown} from './results.js';
import {refreshBytes} from './refreshBytes.bench.js';
import {scale} from './scale.bench.js';
import {startup} from './startup.bench.js';

const ALL: Record<string, Bench> = {startup, refreshBytes, idle, scale, action, activity, commands};
const here = dirname(fileURLToPath(import.meta.url));

function loadAverage(): string | undefined {
	try {
		return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
	} catch {
		return undefined;
	}
}

function cores(): string {
	try {
		return execFileSync('nproc', {encoding: 'utf8'}).trim();
	} catch {
		return String(availableParallelism());
	}
}

const verdict = (figure: Figure) => (figure.pass === null ? '' : figure.pass ? 'pass' : 'MISS');

function table(figures: readonly Figure[]): string {
	const rows = figures.map(f => [f.bench, f.name, `${f.value} ${f.unit}`, f.target, verdict(f), f.note ?? '']);
	const head = ['bench', 'figure', 'value', 'target', 'result', 'note'];
	const escape = (cell: string) => cell.replaceAll('|', '\\|');
	return [head, head.map(() => '---'), ...rows].map(row => `| ${row.map(escape).join(' | ')} |`).join('\n');
}

/** `--node PATH` anywhere in the arguments; the rest are bench names */
function parseArgs(argv: string[]): {node?: string; names: string[]} {
	const names: string[] = [];
	let node: string | undefined;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		if (arg === '--node') node = argv[++i];
		else if (arg.startsWith('--node=')) node = arg.slice('--node='.length);
		else names.push(arg);
	}

	return node === undefined ? {names} : {node, names};
}

async function main(): Promise<void> {
	const {node, names} = parseArgs(process.argv.slice(2));
	if (node) process.env['OHTUI_BENCH_NODE'] = resolve(node);
	const runtime = execFileSync(benchNode(), ['--version'], {encoding: 'utf8'}).trim();
	process.stdout.write(`app on Node ${runtime} (${benchNode()})\n`);
	const benches = names.length ? names.map(name => ALL[name]).filter((b): b is Bench => Boolean(b)) : Object.values(ALL);
	const figures: Figure[] = [];
	const runs: Record<string, BenchRun> = {};
	const settings = ['BENCH_IDLE_SECONDS', 'BENCH_IDLE_WARMUP_SECONDS', 'BENCH_STARTUP_RUNS', 'BENCH_SCALE_PRESSES', 'BENCH_ACTION_ROUNDS', 'BENCH_REFRESH_SECONDS', 'BENCH_ACTIVITY_EVENTS', 'BENCH_ACTIVITY_RUNS', 'BENCH_ACTIVITY_IDLE_SECONDS', 'BENCH_ACTIVITY_GENERATION', 'BENCH_COMMAND_RUNS']
		.filter(name => process.env[name])
		.map(name => `${name}=${process.env[name]}`);
	for (const bench of benches) {
		process.stdout.write(`running ${bench.name}…\n`);
		const load = loadAverage();
		let benchFigures: Figure[];
		try {
			benchFigures = await bench.run();
		} catch (error) {
			const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
			benchFigures = [{bench: bench.name, name: 'error', value: Number.NaN, unit: '', target: '', pass: false, note: message}];
		}

		figures.push(...benchFigures);
		runs[bench.name] = {
			date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
			node: runtime,
			cores: cores(),
			...(load === undefined ? {} : {load}),
			settings,
			figures: benchFigures,
		};
	}

	process.stdout.write(`\n${table(figures)}\n`);
	const json = join(here, 'results.json');
	const results = mergeRun(readResults(json), runs, runtime);
	writeFileSync(json, `${JSON.stringify(results, null, '\t')}\n`);
	writeFileSync(join(here, 'RESULTS.md'), renderMarkdown(results, Object.values(ALL).map(bench => bench.name)));
}

main()
	.catch(error => {
		process.stderr.write(`bench: ${String(error)}\n`);
	})
	.finally(() => {
		// pty handles and timers of a failed bench must not keep the process alive
		process.exit(0);
	});
