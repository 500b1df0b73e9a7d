/**
 * Runs the benchmarks, prints a table and writes test/bench/RESULTS.md. Never fails: a bench that
 * throws is reported as an error row. `npm run bench` builds first and runs them all; pass names
 * to run some (`node --import tsx test/bench/run.ts idle scale`).
 * Env: BENCH_IDLE_SECONDS (default 60), BENCH_STARTUP_RUNS (7), BENCH_SCALE_PRESSES (30),
 * BENCH_ACTION_ROUNDS (5), BENCH_REFRESH_SECONDS (6).
 */
import {execFileSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {action} from './action.bench.js';
import type {Bench, Figure} from './figures.js';
import {idle} from './idle.bench.js';
import {refreshBytes} from './refreshBytes.bench.js';
import {scale} from './scale.bench.js';
import {startup} from './startup.bench.js';

const ALL: Record<string, Bench> = {startup, refreshBytes, idle, scale, action};

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

async function main(): Promise<void> {
	const wanted = process.argv.slice(2);
	const benches = wanted.length ? wanted.map(name => ALL[name]).filter((b): b is Bench => Boolean(b)) : Object.values(ALL);
	const figures: Figure[] = [];
	for (const bench of benches) {
		process.stdout.write(`running ${bench.name}…\n`);
		try {
			figures.push(...(await bench.run()));
		} catch (error) {
			const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
			figures.push({bench: bench.name, name: 'error', value: Number.NaN, unit: '', target: '', pass: false, note: message});
		}
	}
	const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	const text = table(figures);
	const env = ['BENCH_IDLE_SECONDS', 'BENCH_STARTUP_RUNS', 'BENCH_SCALE_PRESSES', 'BENCH_ACTION_ROUNDS', 'BENCH_REFRESH_SECONDS']
		.filter(name => process.env[name])
		.map(name => `${name}=${process.env[name]}`);
	const markdown = `# Benchmark results

Written by \`npm run bench\` (test/bench/run.ts). Each figure is measured against a baseline taken in
the same run on the same machine. Targets are from issue 5; benchmarks never fail a test run.

- date: ${date}
- cores (nproc): ${cores()}
- Node: ${process.version}
- benches: ${benches.map(b => b.name).join(', ')}${env.length ? `\n- settings: ${env.join(', ')}` : ''}

${text}

Notes:
- Start-up is timed from spawn to the chunk after which all four tab names are on the pty's screen.
- Bytes per refresh: the full-frame baseline is what the app writes when it redraws the whole view
  (switching back to the Sandboxes tab from Specs); the row baseline is that row's bytes in it.
- Key latency: from writing the key to the pty to the first output chunk after it, with the app
  quiet for 120 ms before each press.
- CPU: utime + stime from /proc/<pid>/stat, in 10 ms ticks.
`;
	process.stdout.write(`\n${text}\n`);
	writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md'), markdown);
}

main()
	.catch(error => {
		process.stderr.write(`bench: ${String(error)}\n`);
	})
	.finally(() => {
		// pty handles and timers of a failed bench must not keep the process alive
		process.exit(0);
	});
