/**
 * Runs the benchmarks, prints a table and writes test/bench/RESULTS.md (from results.json: one
 * column per Node line, see results.ts). Never fails: a bench that throws is reported as an error
 * row. `npm run bench` builds first and runs them all; pass names to run some
 * (`node --import tsx test/bench/run.ts idle scale`).
 * The app runs on the Node given by `--node PATH` (`npm run bench -- --node "$(.ci/node 26)"`) or
 * OHTUI_BENCH_NODE, else on the Node running this script; the harness stays on the latter.
 * Env: BENCH_IDLE_SECONDS (default 60), BENCH_STARTUP_RUNS (7), BENCH_SCALE_PRESSES (30),
 * BENCH_ACTION_ROUNDS (5), BENCH_REFRESH_SECONDS (6).
 */
import {execFileSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchNode} from '../support/ptyProbe.js';
import {action} from './action.bench.js';
import type {Bench, Figure} from './figures.js';
import {idle} from './idle.bench.js';
import {type BenchRun, mergeRun, readResults, renderNotes, renderTable} from './results.js';
import {refreshBytes} from './refreshBytes.bench.js';
import {scale} from './scale.bench.js';
import {startup} from './startup.bench.js';

const ALL: Record<string, Bench> = {startup, refreshBytes, idle, scale, action};
const here = dirname(fileURLToPath(import.meta.url));

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
	const settings = ['BENCH_IDLE_SECONDS', 'BENCH_STARTUP_RUNS', 'BENCH_SCALE_PRESSES', 'BENCH_ACTION_ROUNDS', 'BENCH_REFRESH_SECONDS']
		.filter(name => process.env[name])
		.map(name => `${name}=${process.env[name]}`);
	for (const bench of benches) {
		process.stdout.write(`running ${bench.name}…\n`);
		let benchFigures: Figure[];
		try {
			benchFigures = await bench.run();
		} catch (error) {
			const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
			benchFigures = [{bench: bench.name, name: 'error', value: Number.NaN, unit: '', target: '', pass: false, note: message}];
		}

		figures.push(...benchFigures);
		runs[bench.name] = {date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), node: runtime, cores: cores(), settings, figures: benchFigures};
	}

	process.stdout.write(`\n${table(figures)}\n`);
	const json = join(here, 'results.json');
	const results = mergeRun(readResults(json), runs, runtime);
	writeFileSync(json, `${JSON.stringify(results, null, '\t')}\n`);
	const order = Object.values(ALL).map(bench => bench.name);
	const markdown = `# Benchmark results

Written by \`npm run bench\` (test/bench/run.ts) from test/bench/results.json: one column per Node
line, each from the last run on that line (\`npm run bench -- --node PATH\`; \`.ci/node 24\` prints the
path of the newest Node 24, installing it once). A run replaces only the benches it ran on the Node
it ran on; a cell from an older run than its column's header says when it was measured. Every
figure is measured against a baseline taken in the same run on the same machine and Node.
Benchmarks never fail a test run.

${renderTable(results, order)}

Targets: first frame <= 1.5x the first frame of a minimal Ink app bundled the same way (on every
Node; on Node 20 also <= 3x \`node -e 0\`); resident memory after loading 1,000 rows <= 120 MB; idle
CPU <= 0.2% of a core; key to frame < 50 ms; action to screen < 1.5 s; bytes per refresh as listed.

Notes:
- Start-up is timed from spawn to the chunk after which all four tab names are on the pty's screen;
  the app's compile cache (Node >= 22.1) is warm, as from a user's second start on; the row
  without it is the first start after an install (or a Node without one).
- Bytes per refresh: the full-frame baseline is what the app writes when it redraws the whole view
  (switching back to the Sandboxes tab from Specs); the row baseline is that row's bytes in it.
- Key latency: from writing the key to the pty to the first output chunk after it, with the app
  quiet for 120 ms before each press.
- CPU: utime + stime from /proc/<pid>/stat, in 10 ms ticks.

## Runs

${renderNotes(results, order)}`;
	writeFileSync(join(here, 'RESULTS.md'), markdown);
}

main()
	.catch(error => {
		process.stderr.write(`bench: ${String(error)}\n`);
	})
	.finally(() => {
		// pty handles and timers of a failed bench must not keep the process alive
		process.exit(0);
	});
