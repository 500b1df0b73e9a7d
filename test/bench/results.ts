/**
 * The benchmark results kept between runs, one column per Node line: test/bench/results.json holds
 * the figures of the last run of each bench on each line (with its date and exact version), and
 * RESULTS.md is written from it. A run replaces only the benches it ran on the Node it ran on;
 * the other columns (and benches) stay, marked with their own date.
 */
import {existsSync, readFileSync} from 'node:fs';
import type {Figure} from './figures.js';

/**
 * `load`: the machine's 1-minute load average when the bench started (noise warning).
 * `compare`: the same bench run, right before, on another build (`--compare ROOT`), e.g. the one
 * before a dependency move; `label` names this build in that comparison.
 */
export type BenchRun = {
	date: string;
	node: string;
	cores: string;
	load?: string;
	settings: string[];
	figures: Figure[];
	label?: string;
	compare?: {label: string; load?: string; figures: Figure[]};
};
/** line ("20") → bench name → its last run */
export type Results = {lines: Record<string, Record<string, BenchRun>>};

export function readResults(path: string): Results {
	if (!existsSync(path)) return {lines: {}};
	try {
		const data = JSON.parse(readFileSync(path, 'utf8')) as Results;
		return data && typeof data.lines === 'object' ? data : {lines: {}};
	} catch {
		return {lines: {}};
	}
}

export function lineOf(nodeVersion: string): string {
	return /^v?(\d+)\./.exec(nodeVersion)?.[1] ?? nodeVersion;
}

export function mergeRun(results: Results, runs: Record<string, BenchRun>, nodeVersion: string): Results {
	const line = lineOf(nodeVersion);
	return {lines: {...results.lines, [line]: {...results.lines[line], ...runs}}};
}

const day = (date: string) => date.slice(0, 10);
const escape = (cell: string) => cell.replaceAll('|', '\\|');
const verdict = (figure: Figure) => (figure.pass === null ? '' : figure.pass ? ' pass' : ' **MISS**');

/** The table: a row per figure (bench order, then figure order), a column per Node line. */
export function renderTable(results: Results, benchOrder: readonly string[]): string {
	const lines = Object.keys(results.lines).sort((a, b) => Number(a) - Number(b));
	const newest = (line: string) => Object.values(results.lines[line]!).reduce((latest, run) => (run.date > latest.date ? run : latest));
	const rows: Array<{bench: string; label: string; name: string; target: string}> = [];
	const known = new Set<string>();
	const benches = [...benchOrder, ...new Set(lines.flatMap(line => Object.keys(results.lines[line]!)))];
	for (const bench of new Set(benches)) {
		// the figure order of the run with the most figures (some rows exist on some Nodes only)
		const byCount = [...lines].sort((a, b) => (results.lines[b]![bench]?.figures.length ?? 0) - (results.lines[a]![bench]?.figures.length ?? 0));
		for (const line of byCount) {
			for (const figure of results.lines[line]![bench]?.figures ?? []) {
				// one bench may report the same figure for two setups (fleet: healthy, one slow): by its label too
				const key = `${bench}\u0000${figure.bench}\u0000${figure.name}`;
				if (known.has(key)) continue;
				known.add(key);
				rows.push({bench, label: figure.bench, name: figure.name, target: figure.target});
			}
		}
	}

	const head = ['bench', 'figure', 'target', ...lines.map(line => `Node ${newest(line).node.replace(/^v/, '')} (${day(newest(line).date)})`)];
	const body = rows.map(row => [
		row.label,
		row.name,
		row.target,
		...lines.map(line => {
			const run = results.lines[line]![row.bench];
			const figure = run?.figures.find(f => f.name === row.name && f.bench === row.label);
			if (!run || !figure) return '';
			const value = Number.isNaN(figure.value) ? `error: ${figure.note ?? ''}` : `${figure.value} ${figure.unit}${verdict(figure)}`;
			const header = newest(line);
			const other = run.node !== header.node || day(run.date) !== day(header.date) ? ` (${run.node}, ${day(run.date)})` : '';
			return `${value}${other}`;
		}),
	]);
	return [head, head.map(() => '---'), ...body].map(cells => `| ${cells.map(escape).join(' | ')} |`).join('\n');
}

/** Per Node line: when and where each bench last ran, and the figures' notes. */
export function renderNotes(results: Results, benchOrder: readonly string[]): string {
	const out: string[] = [];
	for (const line of Object.keys(results.lines).sort((a, b) => Number(a) - Number(b))) {
		out.push(`### Node ${line}`, '');
		const runs = results.lines[line]!;
		const names = [...new Set([...benchOrder.filter(name => runs[name]), ...Object.keys(runs)])];
		for (const name of names) {
			const run = runs[name]!;
			const settings = run.settings.length > 0 ? `, ${run.settings.join(', ')}` : '';
			const load = run.load ? `, load ${run.load}` : '';
			out.push(`- ${name}: ${run.node}, ${run.date}, ${run.cores} cores${load}${settings}`);
			for (const figure of run.figures) {
				if (figure.note) out.push(`  - ${figure.name}: ${figure.note}`);
			}
		}

		out.push('');
	}

	return out.join('\n');
}

/** Side by side: per Node line, the other build's figure and this build's, for benches run with --compare. */
export function renderComparison(results: Results, benchOrder: readonly string[]): string {
	const lines = Object.keys(results.lines)
		.sort((a, b) => Number(a) - Number(b))
		.filter(line => Object.values(results.lines[line]!).some(run => run.compare));
	if (lines.length === 0) return '';
	const labels = (line: string) => {
		const run = Object.values(results.lines[line]!).find(r => r.compare)!;
		return [run.compare!.label, run.label ?? 'this build'];
	};
	const head = ['bench', 'figure', ...lines.flatMap(line => labels(line).map(label => `Node ${line}: ${label}`))];
	const rows: string[][] = [];
	const cell = (figure: Figure | undefined) => (!figure ? '' : Number.isNaN(figure.value) ? `error: ${figure.note ?? ''}` : `${figure.value} ${figure.unit}${verdict(figure)}`);
	const benches = [...new Set([...benchOrder, ...lines.flatMap(line => Object.keys(results.lines[line]!))])].filter(bench =>
		lines.some(line => results.lines[line]![bench]?.compare),
	);
	for (const bench of benches) {
		const names = [...new Set(lines.flatMap(line => results.lines[line]![bench]?.figures.map(f => f.name) ?? []))];
		for (const name of names) {
			const label = lines.map(line => results.lines[line]![bench]?.figures.find(f => f.name === name)?.bench).find(Boolean) ?? bench;
			rows.push([
				label,
				name,
				...lines.flatMap(line => {
					const run = results.lines[line]![bench];
					if (!run?.compare) return ['', ''];
					return [cell(run.compare.figures.find(f => f.name === name)), cell(run.figures.find(f => f.name === name))];
				}),
			]);
		}
	}

	const loads = lines.map(line => {
		const runs = Object.values(results.lines[line]!).filter(run => run.compare);
		const all = runs.flatMap(run => [run.compare!.load, run.load]).filter((x): x is string => x !== undefined).map(Number);
		return `Node ${line}: ${runs[0]!.date.slice(0, 10)}, load ${Math.min(...all)}-${Math.max(...all)}`;
	});
	return [
		'## Side by side',
		'',
		`Each bench run twice in one run on each Node line, first on the other build (\`npm run bench -- --compare ROOT\`), then on this one; the start-up bench runs both in one loop, interleaved, so both see the same load (${loads.join('; ')}).`,
		'',
		[head, head.map(() => '---'), ...rows].map(cells => `| ${cells.map(escape).join(' | ')} |`).join('\n'),
		'',
	].join('\n');
}

/** RESULTS.md */
export function renderMarkdown(results: Results, order: readonly string[]): string {
	return `# Benchmark results

Written by \`npm run bench\` (test/bench/run.ts) from test/bench/results.json: one column per Node
line, each from the last run on that line (\`npm run bench -- --node PATH\`; \`.ci/node 24\` prints the
path of the newest Node 24, installing it once). A run replaces only the benches it ran on the Node
it ran on; a cell from an older run than its column's header says when it was measured. Every
figure is measured against a baseline taken in the same run on the same machine and Node.
Benchmarks never fail a test run. Each run below gives the machine's load average when it started:
on a busy machine (load near or above the number of cores) the times are noise.

${renderTable(results, order)}

Targets: first frame <= 1.5x the first frame of a minimal Ink app bundled the same way (on every
Node; on Node 20 also <= 3x \`node -e 0\`); resident memory after loading 1,000 rows <= 80 MB (caches warm); idle
CPU <= 0.2% of a core; key to frame < 50 ms (to the end of its frame on Conversations: < 25 ms with
10 servers x 1,000, < 15 ms with one server x 1,000); action to screen < 1.5 s; bytes per refresh as listed;
live events (issue 18): event to screen over the socket p50 <= 150 ms and p95 <= 300 ms, 0 event
searches while a socket is up, each event of a 10 s drop on screen once within 2 s of the reconnect,
eight idle sockets <= 0.3% of a core and 0 bytes, needs-you on another tab within one refresh interval.

${renderComparison(results, order)}
Notes:
- Start-up is timed from spawn to the chunk after which all four tab names are on the pty's screen;
  the app's compile cache (Node >= 22.1) is warm, as from a user's second start on; the row
  without it is the first start after an install (or a Node without one). Since 2026-11-28 the
  minimal Ink app sits next to a package.json saying \`type: module\`, as the app's dist/ does (Node
  had parsed it twice: the ratios were ~3 % kinder before). The bench keeps the caller's environment:
  where NODE_EXTRA_CA_CERTS is set (this machine), Node 20 (not 22 on) loads those certificates at
  every start, ~80 ms here, added to \`node -e 0\`, the Ink app and the app alike. Without it
  (2026-11-28, load 1.5) Node 20 gave 41 / 151 / 234 ms, 1.55x the Ink app and 5.7x \`node -e 0\`
  (the commit before that round's start-up work: 289 ms, 1.86x and 6.63x).
- Bytes per refresh: the full-frame baseline is what the app writes when it redraws the whole view
  (switching back to the Sandboxes tab from Specs); the row baseline is that row's bytes in it.
- Key latency, with the app quiet for 120 ms before each press: "first byte", from writing the key
  to the pty to the first output chunk after it; "the end of its frame", to the arrival of the last
  synchronized-output end marker (CSI ? 2026 l, which Ink writes after every frame it draws) before
  the app has written nothing for 50 ms (longer than Ink's render throttle, 34 ms: a second draw
  the throttle held back is counted in). The Conversations benches read the rows' glimpses (the
  preview's newest events) in a first pass, so a read's frame is not counted as the key's.
- CPU: utime + stime from /proc/<pid>/stat, in 10 ms ticks.
- Live events replace polling where a conversation's agent server can be reached: the activity
  bench's "new event to screen" (polling, about 3 s at a 5 s refresh) is what the activity still
  does where no socket can be had; the live benches give what it does over the socket. Needs-you on
  another tab took 25.8 s before issue 18 (a background check every 30 s, Node 20, legacy stand-in):
  the check now runs every refresh interval, and a watched conversation's socket says it at once.
- Closing note on issue 18 (runs of 2026-11-25, loads 0.8-7 on 2 cores): on every Node line an event
  another client makes is on screen over the socket in 7.5-17 ms (p50; p95 at most 87 ms) against
  about 3 s polling, with no event search while a socket is up; a 10 s drop of every socket shows
  each event of the drop exactly once (polling brought them while the socket was down, the socket
  reconnected 1.1-1.6 s after the network came back and its replay was dropped by id); eight idle
  sockets with the server pinging every 20 s cost 0.08-0.1 % of a core and write nothing, with the
  background check at one request an interval; needs-you on another tab takes about 10 ms over a
  socket and 3.7 s (median) by the background check where no socket can be had, against 25.8 s before.

## Runs

${renderNotes(results, order)}`;
}
