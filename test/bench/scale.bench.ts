/**
 * Scale: 10,000 sandboxes on the stand-in server. Time until the first page is on screen (from
 * spawn, pressing 3 as soon as the tabs show), `j` and `G` keys (median over BENCH_SCALE_PRESSES
 * presses, default 30), each timed to its first byte and to the end of its frame (ptyProbe.ts
 * KeyFrame: the last frame end marker Ink writes before the app is quiet for 50 ms), with the app
 * quiet for 120 ms before each press; resident memory from /proc, with the caches a start before
 * made (as on every start but the first after an install) and, in a short run of its own, without.
 *
 * Then one server with 1,000 conversations (issue 29: a key on Conversations cost twice what it cost
 * on Sandboxes with as many rows), in a process of its own: every page loaded with `G`, then the
 * same keys on the Conversations tab, at 120x40 with the preview pane. The rows' glimpses (the
 * preview's newest events, read when a row is first selected) are read in a first pass over the
 * rows, so what is timed is the key's frame, not a read's.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startStandInServer} from '../../source/server/standInServer.js';
import {type KeyFrame, type Probe, rssMb, spawnCliProbe} from '../support/ptyProbe.js';
import {type Bench, type Figure, hasTabs, median, round, STATUS_ROW} from './figures.js';

async function frameOf(probe: Probe, key: string): Promise<KeyFrame> {
	const frame = await probe.pressForFrame(key);
	if (!frame) throw new Error(`\`${key}\` drew nothing; screen:\n${probe.screenText()}`);
	return frame;
}

type Keys = {j: KeyFrame[]; g: KeyFrame[]; top: KeyFrame[]};

/** `g`/`G` pairs, each timed */
async function pairs(probe: Probe, presses: number): Promise<Omit<Keys, 'j'>> {
	const g: KeyFrame[] = [];
	const top: KeyFrame[] = [];
	for (let i = 0; i < presses; i++) {
		top.push(await frameOf(probe, 'g'));
		g.push(await frameOf(probe, 'G'));
	}
	return {g, top};
}

/** `j` presses, then `g`/`G` pairs, each timed */
async function keys(probe: Probe, presses: number): Promise<Keys> {
	const j: KeyFrame[] = [];
	for (let i = 0; i < presses; i++) j.push(await frameOf(probe, 'j'));
	return {j, ...(await pairs(probe, presses))};
}

/** the four key figures of a run: first byte and end of frame, `j` and `G` */
function keyFigures(bench: string, run: Keys, endTarget: number, note: string): Figure[] {
	const figures: Figure[] = [];
	for (const [key, frames, what] of [
		['j', run.j, note],
		['G', run.g, `${note}, alternating with g (median ${round(median(run.top.map(f => f.endOfFrame)))} ms to the end of its frame)`],
	] as const) {
		const first = median(frames.map(f => f.firstByte));
		const end = median(frames.map(f => f.endOfFrame));
		const perPress = median(frames.map(f => f.frames));
		figures.push(
			{bench, name: `\`${key}\` key to first byte (median)`, value: round(first), unit: 'ms', target: '< 50 ms', pass: first < 50, note: what},
			{bench, name: `\`${key}\` key to the end of its frame (median)`, value: round(end), unit: 'ms', target: `< ${endTarget} ms`, pass: end < endTarget, note: `${perPress} frame(s) a press (median); quiet 50 ms after`},
		);
	}
	return figures;
}

/**
 * A cache folder the app has started with once, quit after its first page: the code cache (and
 * Node's compile cache on 22+) as on every start but the first after an install.
 */
async function warmCache(url: string): Promise<{env: Record<string, string>; dispose(): void}> {
	const directory = mkdtempSync(join(tmpdir(), 'ohtui-scale-cache-'));
	const env = {XDG_CACHE_HOME: directory};
	const probe = spawnCliProbe(['--url', url], env);
	try {
		await probe.waitForScreen(hasTabs, 'tabs', 30_000);
		await probe.waitForQuiet(500);
		probe.press('q');
		await probe.exited;
	} finally {
		probe.dispose();
	}
	return {env, dispose: () => rmSync(directory, {recursive: true, force: true})};
}

/** resident memory after the first page and every page to the cap, on a first start (no caches) */
async function coldMemory(url: string): Promise<number> {
	const probe = spawnCliProbe(['--url', url]);
	try {
		await probe.waitForScreen(hasTabs, 'tabs', 30_000);
		probe.press('3');
		await probe.waitForScreen(screen => STATUS_ROW.test(screen), 'first page', 30_000);
		await probe.waitForQuiet(1000);
		probe.press('G');
		await probe.waitForQuiet(1500, 60_000);
		return rssMb(probe.pid);
	} finally {
		probe.dispose();
	}
}

async function sandboxes(presses: number): Promise<Figure[]> {
	const server = await startStandInServer({rateLimit: false, bootMs: 0, seed: {sandboxes: 10_000}});
	const cache = await warmCache(server.url);
	const probe = spawnCliProbe(['--url', server.url], cache.env);
	try {
		await probe.waitForScreen(hasTabs, 'tabs', 30_000);
		const pressedAt = probe.press('3');
		const firstPage = await probe.waitForScreen(screen => STATUS_ROW.test(screen), 'first page', 30_000);
		await probe.waitForQuiet(1000);
		const j: KeyFrame[] = [];
		for (let i = 0; i < presses; i++) j.push(await frameOf(probe, 'j'));
		// the first G loads every page up to the cap: timed to the screen settling, once
		const gAt = probe.press('G');
		const firstG = (await probe.waitForChunkAfter(gAt)) - gAt;
		await probe.waitForQuiet(1500, 60_000);
		const settledG = probe.chunks.at(-1)!.at - gAt;
		const bottom = probe.screenText().split('\n').filter(line => /showing|loaded/.test(line)).join(' | ');
		const {g, top} = await pairs(probe, presses);
		const rss = rssMb(probe.pid);
		probe.dispose();
		const cold = await coldMemory(server.url);
		const bench = 'scale (10,000 sandboxes)';
		return [
			{bench, name: 'spawn to first page on screen', value: round(firstPage - probe.spawnedAt), unit: 'ms', target: '', pass: null, note: `${round(firstPage - pressedAt)} ms after pressing 3`},
			{bench, name: 'first `G` (loads pages to the cap) to first frame', value: round(firstG), unit: 'ms', target: '', pass: null, note: `settled after ${round(settledG)} ms; ${bottom.trim()}`},
			...keyFigures(bench, {j, g, top}, 50, `${presses} presses`),
			{bench, name: 'resident memory after loading 1,000 rows', value: round(rss), unit: 'MB', target: '<= 80 MB', pass: rss <= 80, note: 'caches warm (a start before made them), as on every start but the first'},
			{bench, name: 'resident memory after loading 1,000 rows, first start', value: round(cold), unit: 'MB', target: '', pass: null, note: 'no code cache yet: the first start after an install compiles the TUI from its source'},
		];
	} finally {
		probe.dispose();
		cache.dispose();
		await server.close();
	}
}

async function conversations(presses: number): Promise<Figure[]> {
	// no live agents: nothing but the keys draws
	const server = await startStandInServer({rateLimit: false, bootMs: 0, live: false, seed: {sandboxes: 20, conversations: 1000}});
	const cache = await warmCache(server.url);
	const probe = spawnCliProbe(['--url', server.url], cache.env);
	try {
		await probe.waitForScreen(hasTabs, 'tabs', 30_000);
		await probe.waitForScreen(screen => /\d+ loaded/.test(screen), 'the first page', 30_000);
		await probe.waitForQuiet(1000, 60_000);
		// every page (the list shows the top-level conversations: one in 25 seeded is a sub-conversation)
		probe.press('G');
		await probe.waitForScreen(screen => !/more…|loading more/.test(screen) && /9\d\d loaded/.test(screen), 'every page', 60_000);
		const rows = /([\d,]+) loaded/.exec(probe.screenText())?.[1] ?? '?';
		await probe.waitForQuiet(1000, 60_000);
		// the first pass reads the glimpses of the rows it selects (and of the last row, with g/G)
		for (const key of ['g', ...Array.from({length: presses}, () => 'j'), 'G', 'g']) await frameOf(probe, key);
		await probe.waitForQuiet(1000, 60_000);
		const run = await keys(probe, presses);
		const rss = rssMb(probe.pid);
		const bench = 'scale (one server, 1,000 conversations)';
		return [
			...keyFigures(bench, run, 15, `${presses} presses over ${rows} rows, 120x40 with the preview`),
			{bench, name: 'resident memory with every page loaded', value: round(rss), unit: 'MB', target: '', pass: null, note: `${rows} rows, caches warm`},
		];
	} finally {
		probe.dispose();
		cache.dispose();
		await server.close();
	}
}

export const scale: Bench = {
	name: 'scale',
	async run(): Promise<Figure[]> {
		const presses = Number(process.env['BENCH_SCALE_PRESSES'] ?? 30);
		return [...(await sandboxes(presses)), ...(await conversations(presses))];
	},
};
