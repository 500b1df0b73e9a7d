/**
 * Start-up, in a pty (120x40, demo mode: the embedded stand-ins), each time taken from the spawn
 * to the arrival of the output chunk after which the screen first shows it:
 * - the first frame: the four tab names on screen. Since issue 29 that is the skeleton
 *   (boot/skeleton.ts: the header, the tabs, `loading…`, drawn before React and Ink load); a build
 *   without one draws them first in Ink's frame, so both figures below are then the same;
 * - Ink's first frame: the UI's own, told by its footer's hints (`q quit`, which the skeleton does
 *   not draw); keys are read from then on (typed before, they wait and are not lost);
 * against two floors spawned the same way in the same loop, so all see the same machine load: a
 * minimal Ink app bundled like the app (test/bench/baselineInk.tsx: one Box, one Text; the floor for
 * any Ink program) and `node -e 0` (to its exit).
 * The app runs with its caches warm (V8's code cache for the TUI's script on every Node, Node's
 * compile cache from 22.1; a folder shared by the runs, filled by an unmeasured first run: what a
 * user sees from the second start on) and without them (NODE_DISABLE_COMPILE_CACHE=1: the first
 * start after an install).
 * With `--compare ROOT` (test/bench/run.ts) the other build runs in the same loop, interleaved with
 * this one (its own minimal Ink app beside it), so the two columns see the same load.
 * Where valgrind is installed, the instructions to each frame too (./startupCount.ts: the same on a
 * busy machine); BENCH_STARTUP_INSTRUCTIONS=0 leaves them out.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startStandInServer} from '../../source/server/standInServer.js';
import {benchNode, benchRoot, spawnProbe} from '../support/ptyProbe.js';
import {buildBaselineInk} from './baseline.js';
import {type Bench, type Figure, hasTabs, median, round} from './figures.js';
import {countInstructions, hasValgrind} from './startupCount.js';

/** Ink's own frame: its footer's hints, which the skeleton does not draw */
const inkFrame = (screen: string) => hasTabs(screen) && screen.includes('q quit');

async function exitTime(args: string[]): Promise<number> {
	const probe = spawnProbe({args});
	try {
		const {at} = await probe.exited;
		return at - probe.spawnedAt;
	} finally {
		probe.dispose();
	}
}

type Times = {first: number; ink: number};

/** spawn to the first frame (the tabs) and to Ink's own (the footer), from one run */
async function frames(args: string[], env: Record<string, string> = {}, ink: (screen: string) => boolean = inkFrame): Promise<Times> {
	const probe = spawnProbe({args, env});
	try {
		const [first, own] = await Promise.all([probe.waitForScreen(hasTabs, 'tab names', 20_000), probe.waitForScreen(ink, 'Ink\'s frame', 20_000)]);
		probe.press('q');
		await probe.exited;
		return {first: first - probe.spawnedAt, ink: own - probe.spawnedAt};
	} finally {
		probe.dispose();
	}
}

/** what OHTUI_EXIT_AFTER_FIRST_FRAME a build's entry knows: `skeleton` and `1`, `1` alone, or none */
function countable(root: string): 'skeleton' | 'ink' | 'none' {
	const chunks = join(root, 'dist', 'chunks');
	const entry = readdirSync(chunks).filter(name => /^cli-\w+\.c?js$/.test(name)).map(name => readFileSync(join(chunks, name), 'utf8')).find(text => text.includes('OHTUI_EXIT_AFTER_FIRST_FRAME'));
	if (entry === undefined) return 'none';
	return entry.includes('"skeleton"') ? 'skeleton' : 'ink';
}

/** whether the bench's Node has a compile cache (Node >= 22.1), asked the way the app does */
function hasCompileCache(): boolean {
	return execFileSync(benchNode(), ['-p', "typeof require('node:module').enableCompileCache"], {encoding: 'utf8'}).trim() === 'function';
}

type Build = {root: string; cli: string; cache: string; ink: {entry: string; dispose(): void}};
type Samples = {ink: number[]; app: Times[]; noCache: Times[]; remote: Times[]};

async function build(root: string): Promise<Build> {
	const previous = process.env['OHTUI_BENCH_ROOT'];
	// the minimal Ink app of that build's Ink, bundled its own way (./baseline.ts reads OHTUI_BENCH_ROOT)
	if (root === benchRoot()) delete process.env['OHTUI_BENCH_ROOT'];
	else process.env['OHTUI_BENCH_ROOT'] = root;
	try {
		return {root, cli: join(root, 'dist', 'cli.js'), cache: mkdtempSync(join(tmpdir(), 'ohtui-bench-cache-')), ink: await buildBaselineInk()};
	} finally {
		if (previous === undefined) delete process.env['OHTUI_BENCH_ROOT'];
		else process.env['OHTUI_BENCH_ROOT'] = previous;
	}
}

async function measure(builds: Build[]): Promise<{node: number[]; samples: Samples[]; counts: Array<Record<string, number>> | null}> {
	const runs = Number(process.env['BENCH_STARTUP_RUNS'] ?? 7);
	const server = await startStandInServer({rateLimit: false});
	const node: number[] = [];
	const samples: Samples[] = builds.map(() => ({ink: [], app: [], noCache: [], remote: []}));
	const app = (b: Build, args: string[] = [], env: Record<string, string> = {}) => frames([b.cli, ...args], {XDG_CACHE_HOME: b.cache, ...env});
	try {
		// warm the file cache and fill the caches, unmeasured
		await exitTime(['-e', '0']);
		for (const b of builds) {
			await frames([b.ink.entry], {}, hasTabs);
			await app(b);
		}

		for (let i = 0; i < runs; i++) {
			node.push(await exitTime(['-e', '0']));
			for (const [k, b] of builds.entries()) {
				samples[k]!.ink.push((await frames([b.ink.entry], {}, hasTabs)).first);
				samples[k]!.app.push(await app(b));
			}

			for (const [k, b] of builds.entries()) {
				samples[k]!.noCache.push(await app(b, [], {NODE_DISABLE_COMPILE_CACHE: '1'}));
				// informative: against a server already running (no embedded server to start)
				samples[k]!.remote.push(await app(b, ['--url', server.url]));
			}
		}
	} finally {
		await server.close();
	}

	let counts: Array<Record<string, number>> | null = null;
	if (process.env['BENCH_STARTUP_INSTRUCTIONS'] !== '0' && hasValgrind()) {
		const exitAfter = (value: string, b: Build) => ({OHTUI_EXIT_AFTER_FIRST_FRAME: value, XDG_CACHE_HOME: b.cache});
		counts = [];
		const nodeCount = await countInstructions(benchNode(), ['-e', '0']);
		for (const b of builds) {
			// a build from before the hook never ends by itself: not counted
			const hook = countable(b.root);
			if (hook === 'none') {
				counts.push({});
				continue;
			}

			const inkFrameCount = (await countInstructions(benchNode(), [b.cli], exitAfter('1', b))).main;
			// an older checkout's minimal Ink app has no hook either: this checkout's is counted for it
			const inkApp = readFileSync(b.ink.entry, 'utf8').includes('OHTUI_EXIT_AFTER_FIRST_FRAME') ? b.ink.entry : builds[0]!.ink.entry;
			counts.push({
				node: nodeCount.main,
				ink: (await countInstructions(benchNode(), [inkApp], exitAfter('1', b))).main,
				first: hook === 'skeleton' ? (await countInstructions(benchNode(), [b.cli], exitAfter('skeleton', b))).main : inkFrameCount,
				inkFrame: inkFrameCount,
			});
		}
	}

	return {node, samples, counts};
}

function figuresOf(nodeMs: number, s: Samples, count: Record<string, number> | null, runs: number, cached: boolean): Figure[] {
	const bench = 'start-up';
	const inkMs = median(s.ink);
	const firstMs = median(s.app.map(t => t.first));
	const ownMs = median(s.app.map(t => t.ink));
	const node20 = /^v20\./.test(execFileSync(benchNode(), ['--version'], {encoding: 'utf8'}).trim());
	const figures: Figure[] = [
		{bench, name: '`node -e 0` (median)', value: round(nodeMs), unit: 'ms', target: '', pass: null, note: `${runs} runs, spawn to exit`},
		{bench, name: 'minimal bundled Ink app, first frame (median)', value: round(inkMs), unit: 'ms', target: '', pass: null, note: 'one Box, one Text; bundled like the app'},
		{
			bench,
			name: 'spawn to first frame: the tabs on screen (median)',
			value: round(firstMs),
			unit: 'ms',
			target: '',
			pass: null,
			note: `${runs} runs, demo mode; the skeleton (drawn before React and Ink) where the build has one, else Ink's frame; caches warm`,
		},
		{bench, name: 'first frame / minimal Ink app', value: round(firstMs / inkMs, 2), unit: 'x', target: '< 1.0x', pass: firstMs / inkMs < 1},
		{bench, name: 'first frame / `node -e 0`', value: round(firstMs / nodeMs, 2), unit: 'x', target: '<= 3x on Node 20', pass: node20 ? firstMs / nodeMs <= 3 : null},
		{bench, name: "spawn to Ink's first frame: keys read from then (median)", value: round(ownMs), unit: 'ms', target: '', pass: null, note: "the UI's own frame (its footer's hints on screen); keys typed before it wait"},
		{bench, name: "Ink's first frame / minimal Ink app", value: round(ownMs / inkMs, 2), unit: 'x', target: '<= 1.5x', pass: ownMs / inkMs <= 1.5},
	];
	if (s.noCache.length > 0) {
		const noCache = median(s.noCache.map(t => t.ink));
		figures.push({
			bench,
			name: "Ink's first frame without the caches (median)",
			value: round(noCache),
			unit: 'ms',
			target: '',
			pass: null,
			note: `NODE_DISABLE_COMPILE_CACHE=1 (the first start after an install${cached ? '' : '; on this Node the code cache alone'}): ${round(noCache / inkMs, 2)}x the Ink app; the caches save ${round(noCache - ownMs)} ms; first frame ${round(median(s.noCache.map(t => t.first)))} ms`,
		});
	}

	figures.push({
		bench,
		name: "with --url (no embedded server): Ink's first frame / minimal Ink app",
		value: round(median(s.remote.map(t => t.ink)) / inkMs, 2),
		unit: 'x',
		target: '',
		pass: null,
		note: `median ${round(median(s.remote.map(t => t.ink)))} ms; first frame ${round(median(s.remote.map(t => t.first)))} ms`,
	});
	if (count && count['inkFrame'] !== undefined) {
		const millions = (n: number | undefined) => round((n ?? Number.NaN) / 1e6);
		const note = 'callgrind, main thread, spawn to the frame (test/bench/startupCount.ts)';
		figures.push(
			{bench, name: 'instructions: `node -e 0`', value: millions(count['node']), unit: 'M', target: '', pass: null, note},
			{bench, name: 'instructions: minimal Ink app, first frame', value: millions(count['ink']), unit: 'M', target: '', pass: null, note},
			{bench, name: 'instructions: first frame (the skeleton where there is one)', value: millions(count['first']), unit: 'M', target: '', pass: null, note: `${round(count['first']! / count['ink']!, 2)}x the Ink app, ${round(count['first']! / count['node']!, 2)}x node -e 0; a build without a skeleton runs to Ink's frame`},
			{bench, name: "instructions: Ink's first frame", value: millions(count['inkFrame']), unit: 'M', target: '', pass: null, note: `${round(count['inkFrame']! / count['ink']!, 2)}x the Ink app`},
		);
	}

	return figures;
}

export const startup: Bench = {
	name: 'start-up',
	async run(): Promise<Figure[]> {
		const b = await build(benchRoot());
		try {
			const {node, samples, counts} = await measure([b]);
			return figuresOf(median(node), samples[0]!, counts?.[0] ?? null, node.length, hasCompileCache());
		} finally {
			b.ink.dispose();
			rmSync(b.cache, {recursive: true, force: true});
		}
	},
	async runCompared(otherRoot: string): Promise<{figures: Figure[]; other: Figure[]}> {
		const builds = [await build(benchRoot()), await build(otherRoot)];
		try {
			const {node, samples, counts} = await measure(builds);
			const cached = hasCompileCache();
			return {figures: figuresOf(median(node), samples[0]!, counts?.[0] ?? null, node.length, cached), other: figuresOf(median(node), samples[1]!, counts?.[1] ?? null, node.length, cached)};
		} finally {
			for (const b of builds) {
				b.ink.dispose();
				rmSync(b.cache, {recursive: true, force: true});
			}
		}
	},
};
