/**
 * Runs the benchmarks, prints a table and writes test/bench/RESULTS.md (from results.json: one
 * column per Node line, see results.ts). Never fails: a bench that throws is reported as an error
 * row. `npm run bench` builds first and runs them all; pass names to run some
 * (`node --import tsx test/bench/run.ts idle scale`).
 * The app runs on the Node given by `--node PATH` (`npm run bench -- --node "$(.ci/node 26)"`) or
 * OHTUI_BENCH_NODE, else on the Node running this script; the harness stays on the latter.
 * `--compare ROOT` runs each bench first on another checkout's build (built already, e.g. a
 * temporary `git worktree add` of the commit before a dependency move) and RESULTS.md shows both
 * columns (`--compare-label`, `--label` name them).
 * Env: BENCH_IDLE_SECONDS (default 60), BENCH_IDLE_WARMUP_SECONDS (30), BENCH_STARTUP_RUNS (7), BENCH_SCALE_PRESSES (30),
 * BENCH_ACTION_ROUNDS (5), BENCH_REFRESH_SECONDS (6), BENCH_ACTIVITY_EVENTS (10000), BENCH_ACTIVITY_RUNS,
 * BENCH_ACTIVITY_IDLE_SECONDS, BENCH_ACTIVITY_GENERATION (legacy|current), BENCH_COMMAND_RUNS (15), BENCH_LIVE_EVENTS,
 * BENCH_LIVE_IDLE_SECONDS, BENCH_LIVE_DROP_SECONDS, BENCH_LIVE_IDLE_WINDOW, BENCH_LIVE_TRANSITIONS,
 * BENCH_OUTPUT_PRESSES (100), BENCH_OUTPUT_ROUNDS (2), BENCH_WORKSPACE_RUNS (3),
 * BENCH_FLEET_PRESSES (20), BENCH_FLEET_IDLE_SECONDS (30), BENCH_FAULTS_SECONDS (40), BENCH_FAULTS_HUGE_SECONDS (50),
 * BENCH_SOAK_MINUTES (60), BENCH_SOAK_WARMUP_MINUTES (10), BENCH_SOAK_SAMPLE_SECONDS (30). `npm run bench`
 * runs the soak too (an hour); name the others to leave it out.
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
import {fleet} from './fleet.bench.js';
import {idle} from './idle.bench.js';
import {live} from './live.bench.js';
import {liveIdle} from './liveIdle.bench.js';
import {masking} from './masking.bench.js';
import {liveFaults} from './liveFaults.bench.js';
import {output} from './output.bench.js';
import {type BenchRun, mergeRun, readResults, renderMarkdown} from './results.js';
import {refreshBytes} from './refreshBytes.bench.js';
import {scale} from './scale.bench.js';
import {soak} from './soak.bench.js';
import {startup} from './startup.bench.js';
import {workspace} from './workspace.bench.js';

const ALL: Record<string, Bench> = {startup, refreshBytes, idle, scale, action, activity, commands, workspace, live, liveIdle, liveFaults, output, fleet, masking, soak};
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

type Args = {node?: string; compare?: string; compareLabel?: string; label?: string; names: string[]};

/**
 * `--node PATH`, `--compare ROOT` (another checkout, built: each bench runs on its build first,
 * then on this one), `--compare-label TEXT` / `--label TEXT` (how RESULTS.md names the two builds),
 * anywhere in the arguments; the rest are bench names.
 */
function parseArgs(argv: string[]): Args {
	const args: Args = {names: []};
	const options = {'--node': 'node', '--compare': 'compare', '--compare-label': 'compareLabel', '--label': 'label'} as const;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
		if (flag in options) args[options[flag as keyof typeof options]] = inline ?? argv[++i];
		else args.names.push(arg);
	}

	return args;
}

/** benches that measure a build as a user runs it (the output bench weighs this build's patches) */
const COMPARABLE = new Set(['start-up', 'bytes per refresh', 'idle cost', 'scale', 'action latency', 'activity', 'commands', 'fleet', 'live faults']);

async function runBench(bench: Bench): Promise<Figure[]> {
	try {
		return await bench.run();
	} catch (error) {
		const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
		return [{bench: bench.name, name: 'error', value: Number.NaN, unit: '', target: '', pass: false, note: message}];
	}
}

async function main(): Promise<void> {
	const {node, names, compare, compareLabel, label} = parseArgs(process.argv.slice(2));
	if (node) process.env['OHTUI_BENCH_NODE'] = resolve(node);
	// What a user's machine has: a CA bundle named in NODE_EXTRA_CA_CERTS (set on the machines these
	// runs were made on) is read at every start of Node 20, ~80 ms, which inflated `node -e 0` and the
	// floors and made every start-up ratio look better than it is. The benches reach only 127.0.0.1.
	if (process.env['NODE_EXTRA_CA_CERTS']) {
		delete process.env['NODE_EXTRA_CA_CERTS'];
		process.stdout.write('NODE_EXTRA_CA_CERTS unset for the measured processes\n');
	}
	if (compare) process.stdout.write(`side by side with the build in ${resolve(compare)}\n`);
	const runtime = execFileSync(benchNode(), ['--version'], {encoding: 'utf8'}).trim();
	process.stdout.write(`app on Node ${runtime} (${benchNode()})\n`);
	const benches = names.length ? names.map(name => ALL[name]).filter((b): b is Bench => Boolean(b)) : Object.values(ALL);
	const figures: Figure[] = [];
	const runs: Record<string, BenchRun> = {};
	const settings = ['BENCH_IDLE_SECONDS', 'BENCH_IDLE_WARMUP_SECONDS', 'BENCH_STARTUP_RUNS', 'BENCH_SCALE_PRESSES', 'BENCH_ACTION_ROUNDS', 'BENCH_REFRESH_SECONDS', 'BENCH_ACTIVITY_EVENTS', 'BENCH_ACTIVITY_RUNS', 'BENCH_ACTIVITY_IDLE_SECONDS', 'BENCH_ACTIVITY_GENERATION', 'BENCH_COMMAND_RUNS', 'BENCH_LIVE_EVENTS', 'BENCH_LIVE_IDLE_SECONDS', 'BENCH_LIVE_DROP_SECONDS', 'BENCH_LIVE_IDLE_WINDOW', 'BENCH_LIVE_TRANSITIONS', 'BENCH_OUTPUT_PRESSES', 'BENCH_OUTPUT_ROUNDS', 'BENCH_FLEET_PRESSES', 'BENCH_FLEET_IDLE_SECONDS', 'BENCH_FAULTS_SECONDS', 'BENCH_FAULTS_HUGE_SECONDS', 'BENCH_SOAK_MINUTES', 'BENCH_SOAK_WARMUP_MINUTES', 'BENCH_SOAK_SAMPLE_SECONDS']
		.filter(name => process.env[name])
		.map(name => `${name}=${process.env[name]}`);
	for (const bench of benches) {
		let other: BenchRun['compare'];
		if (compare && COMPARABLE.has(bench.name) && bench.runCompared) {
			// both builds in one loop, interleaved (the start-up bench)
			process.stdout.write(`running ${bench.name} on this build and ${compareLabel ?? compare}, interleaved…\n`);
			const load = loadAverage();
			let both: {figures: Figure[]; other: Figure[]};
			try {
				both = await bench.runCompared(resolve(compare));
			} catch (error) {
				const failed = await runBench({name: bench.name, run: () => Promise.reject(error)});
				both = {figures: failed, other: failed};
			}

			figures.push(...both.figures, ...both.other.map(figure => ({...figure, bench: `${figure.bench} [${compareLabel ?? compare}]`})));
			runs[bench.name] = {
				date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
				node: runtime,
				cores: cores(),
				...(load === undefined ? {} : {load}),
				settings,
				figures: both.figures,
				compare: {label: compareLabel ?? compare, ...(load === undefined ? {} : {load}), figures: both.other},
				label: label ?? 'this build',
			};
			continue;
		}

		if (compare && COMPARABLE.has(bench.name)) {
			process.stdout.write(`running ${bench.name} on ${compareLabel ?? compare}…\n`);
			const otherLoad = loadAverage();
			process.env['OHTUI_BENCH_ROOT'] = resolve(compare);
			try {
				other = {label: compareLabel ?? compare, ...(otherLoad === undefined ? {} : {load: otherLoad}), figures: await runBench(bench)};
			} finally {
				delete process.env['OHTUI_BENCH_ROOT'];
			}
		}

		process.stdout.write(`running ${bench.name}…\n`);
		const load = loadAverage();
		const benchFigures = await runBench(bench);
		figures.push(...benchFigures);
		if (other) figures.push(...other.figures.map(figure => ({...figure, bench: `${figure.bench} [${other.label}]`})));
		runs[bench.name] = {
			date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
			node: runtime,
			cores: cores(),
			...(load === undefined ? {} : {load}),
			settings,
			figures: benchFigures,
			...(other ? {compare: other, label: label ?? 'this build'} : {}),
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
