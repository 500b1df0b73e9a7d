/**
 * The benchmark results kept between runs, one column per Node line: test/bench/results.json holds
 * the figures of the last run of each bench on each line (with its date and exact version), and
 * RESULTS.md is written from it. A run replaces only the benches it ran on the Node it ran on;
 * the other columns (and benches) stay, marked with their own date.
 */
import {existsSync, readFileSync} from 'node:fs';
import type {Figure} from './figures.js';

export type BenchRun = {date: string; node: string; cores: string; settings: string[]; figures: Figure[]};
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
	const rows: Array<{bench: string; name: string; target: string}> = [];
	const known = new Set<string>();
	const benches = [...benchOrder, ...new Set(lines.flatMap(line => Object.keys(results.lines[line]!)))];
	for (const bench of new Set(benches)) {
		// the figure order of the run with the most figures (some rows exist on some Nodes only)
		const byCount = [...lines].sort((a, b) => (results.lines[b]![bench]?.figures.length ?? 0) - (results.lines[a]![bench]?.figures.length ?? 0));
		for (const line of byCount) {
			for (const figure of results.lines[line]![bench]?.figures ?? []) {
				const key = `${bench}\u0000${figure.name}`;
				if (known.has(key)) continue;
				known.add(key);
				rows.push({bench, name: figure.name, target: figure.target});
			}
		}
	}

	const head = ['bench', 'figure', 'target', ...lines.map(line => `Node ${newest(line).node.replace(/^v/, '')} (${day(newest(line).date)})`)];
	const body = rows.map(row => [
		row.bench,
		row.name,
		row.target,
		...lines.map(line => {
			const run = results.lines[line]![row.bench];
			const figure = run?.figures.find(f => f.name === row.name);
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
			out.push(`- ${name}: ${run.node}, ${run.date}, ${run.cores} cores${settings}`);
			for (const figure of run.figures) {
				if (figure.note) out.push(`  - ${figure.name}: ${figure.note}`);
			}
		}

		out.push('');
	}

	return out.join('\n');
}
