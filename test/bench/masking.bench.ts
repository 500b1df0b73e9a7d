/**
 * Masking (issue 27 item 1): how many shapes of the round-4 corpus (test/text/secretCorpus.ts) each
 * channel still shows, how many ordinary texts it changes, and what masking costs: a typical event
 * row, a 1 MB pager text, and 1 MB adversarial lines (catastrophic backtracking would show here as
 * seconds). In-process, no build needed: `node --import tsx test/bench/masking.bench.ts`. Times are CPU
 * time (the machines these run on are shared), the 1 MB ones of a single cold call.
 */
import {pagerLines, rowText} from '../../source/present/events/text.js';
import {maskSecrets} from '../../source/text/secrets.js';
import {CHANNELS} from '../text/channels.js';
import {ORDINARY, SHAPES, leaks} from '../text/secretCorpus.js';
import {type Bench, type Figure, median, round} from './figures.js';

const ROWS = [
	'$ cd /workspace/project && python -m pytest -q tests/test_api.py::test_dates -x --maxfail=1',
	'exit 1 · FAILED tests/test_api.py::test_dates - AssertionError: assert 2 == 3',
	"I'll fix the date parsing in app/dates.py so that it accepts the trailing Z, then run the suite again.",
	'edit /workspace/project/app/dates.py (replace)',
	'status running',
	'git commit -m "Fix date parsing" && git push origin fix/dates',
	'{"conversation_id": "ca3b40cdc88c4d06b14b1cff914b81cb", "status": "running", "cost": 0.12}',
	'npm ERR! code ERESOLVE while resolving: @acme/web@1.4.2 found: react@18.3.1 node_modules/react',
];

/** CPU time in ms (user and system): on a shared machine, wall time measures the neighbours too. */
function cpuMs(): number {
	const {user, system} = process.cpuUsage();
	return (user + system) / 1000;
}

/** µs of CPU per call of `fn` over `inputs`, the median of `rounds` rounds, after a warm-up. */
function perCall(inputs: readonly string[], fn: (text: string) => unknown, rounds = 9, repeat = 300): number {
	const times: number[] = [];
	for (let i = 0; i < 2000; i++) for (const input of inputs) fn(input);
	for (let r = 0; r < rounds; r++) {
		const start = cpuMs();
		for (let i = 0; i < repeat; i++) for (const input of inputs) fn(input);
		times.push(((cpuMs() - start) * 1000) / (repeat * inputs.length));
	}
	return median(times);
}

function msOnce(fn: () => unknown): number {
	const start = cpuMs();
	fn();
	return cpuMs() - start;
}

function pagerText(): string {
	const lines: string[] = [];
	let size = 0;
	for (let i = 0; size < 1_000_000; i++) {
		const line = `${String(i).padStart(6)}  ${ROWS[i % ROWS.length]!}  [worker-${i % 7}] took ${i % 997} ms`;
		lines.push(line);
		size += line.length + 1;
	}
	return lines.join('\n');
}

const ADVERSARIAL: Record<string, () => string> = {
	'a run of one letter': () => 'a'.repeat(1_000_000),
	'random base62 without a break': () => Array.from({length: 1_000_000}, (_, i) => 'Ab3De6Gh9Jk2Mn5Pq8Rs1Tu4Vw7Xy0Z'[(i * 7 + (i >> 3)) % 31]).join(''),
	'-p-p-p': () => '-p'.repeat(500_000),
	'key key key': () => 'key '.repeat(250_000),
	'a:a:a:a': () => 'a:'.repeat(500_000),
	'"a":"a",': () => '"a":"a",'.repeat(125_000),
	'x=x=x=': () => 'x='.repeat(500_000),
	'https://a@': () => 'https://a@'.repeat(100_000),
	'https:\\/\\/': () => 'https:\\/\\/'.repeat(90_000),
	'{"name":"password",': () => '{"name":"password",'.repeat(52_000),
	'hex run': () => 'ab12'.repeat(250_000),
	'name: X value:': () => '- name: X_PASSWORD value '.repeat(40_000),
	'curl -u ': () => 'curl -u '.repeat(125_000),
	'AAAA-': () => 'AAAA-'.repeat(200_000),
	'a: a: a:': () => 'a: '.repeat(333_334),
	'x: password: ': () => 'x: password: '.repeat(77_000),
	'--token --token': () => '--token '.repeat(125_000),
	'DB_KEY is ': () => 'DB_KEY is '.repeat(100_000),
	'one line of spaces': () => `password:${' '.repeat(1_000_000)}x`,
};

/** Fragments the rules look for: random lines of them find what a hand-made list misses. */
const FRAGMENTS = ['a', 'Z', '9', ':', ': ', ' ', '  ', '=', '"', "'", '`', '-p', '-u', '--', 'curl ', 'key', 'KEY_', 'password', '/', '//', '@', 'https://', 'https:\\/\\/', '{', '}', '[', ']', 'name', 'value', '_', '.', 'Q~', 'sk-', 'ghp_', 'AAAA', 'is ', '=>', ';', '+', 'jdbc:oracle:thin:', 'ya29.', 's.', '0123456789abcdef', 'Bearer ', 'machine ', '-----BEGIN '];

/** A 1 MB line of a few fragments, picked by a seeded generator (the same lines on every run). */
function fragmentLine(seed: number): {line: string; of: string[]} {
	let state = seed;
	const next = () => {
		state = (state * 1103515245 + 12345) & 0x7fffffff;
		return state / 0x7fffffff;
	};
	const of = Array.from({length: 2 + Math.floor(next() * 4)}, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]!);
	const parts: string[] = [];
	for (let size = 0; size < 1_000_000; ) {
		const part = of[Math.floor(next() * of.length)]!;
		parts.push(part);
		size += part.length;
	}
	return {line: parts.join(''), of};
}

export const masking: Bench = {
	name: 'masking',
	async run() {
		const figures: Figure[] = [];
		for (const [channel, show] of Object.entries(CHANNELS)) {
			const leaked = SHAPES.filter(shape => leaks(show(shape.text), shape.secret));
			figures.push({bench: 'masking', name: `shapes shown: ${channel}`, value: leaked.length, unit: `of ${SHAPES.length}`, target: '0', pass: leaked.length === 0, note: leaked.map(s => s.what).join('; ').slice(0, 400)});
		}
		const changed = ORDINARY.filter(text => !sameText(text));
		figures.push({bench: 'masking', name: 'ordinary texts changed', value: changed.length, unit: `of ${ORDINARY.length}`, target: '0', pass: changed.length === 0, note: changed.join(' | ').slice(0, 400)});
		figures.push({bench: 'masking', name: 'a typical row (maskSecrets)', value: round(perCall(ROWS, maskSecrets), 2), unit: 'µs', target: '', pass: null});
		figures.push({bench: 'masking', name: 'a typical row (rowText)', value: round(perCall(ROWS, rowText), 2), unit: 'µs', target: '', pass: null});
		const big = pagerText();
		const pager = median(Array.from({length: 5}, () => msOnce(() => pagerLines(big))));
		figures.push({bench: 'masking', name: '1 MB pager text (pagerLines)', value: round(pager, 0), unit: 'ms', target: '', pass: null});
		const each = Object.entries(ADVERSARIAL).map(([name, make]) => {
			const line = make();
			return {name, ms: Math.max(msOnce(() => maskSecrets(line)), msOnce(() => pagerLines(line)))};
		});
		const worst = each.reduce((a, b) => (b.ms > a.ms ? b : a));
		figures.push({bench: 'masking', name: '1 MB adversarial line, the slowest', value: round(worst.ms, 0), unit: 'ms', target: '', pass: null, note: each.map(e => `${e.name} ${round(e.ms, 0)} ms`).join(', ')});
		const random = Array.from({length: 20}, (_, seed) => {
			const {line, of} = fragmentLine(seed + 1);
			return {of, ms: Math.max(msOnce(() => maskSecrets(line)), msOnce(() => pagerLines(line)))};
		});
		const slowest = random.reduce((a, b) => (b.ms > a.ms ? b : a));
		figures.push({bench: 'masking', name: '1 MB random lines of rule fragments (20), the slowest', value: round(slowest.ms, 0), unit: 'ms', target: '', pass: null, note: JSON.stringify(slowest.of)});
		return figures;
	},
};

function sameText(text: string): boolean {
	// multi-line ordinary texts are judged as the pager shows them
	return text.includes('\n') ? pagerLines(text).join('\n') === text : maskSecrets(text) === text.replace(/ {2,}/g, ' ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const figures = await masking.run();
	for (const f of figures) process.stdout.write(`${f.name.padEnd(40)} ${String(f.value).padStart(8)} ${f.unit}${f.note ? `  (${f.note})` : ''}\n`);
}
