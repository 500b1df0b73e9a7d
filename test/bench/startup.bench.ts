/**
 * Start-up: spawn to the first complete frame (all tab names on screen) of the built command in a
 * pty, in demo mode (embedded server), against two floors spawned the same way in the same run on
 * the same Node, interleaved so all see the same machine load: a minimal Ink app bundled like the
 * app (test/bench/baselineInk.tsx: the floor for any Ink program) and `node -e 0`.
 * The app runs with its compile cache warm (a folder shared by the runs, filled by an unmeasured
 * first run: what a user sees from the second start on) and without it
 * (NODE_DISABLE_COMPILE_CACHE=1: a Node without one, or the first start after an install).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startStandInServer} from '../../source/server/standInServer.js';
import {benchNode, spawnCliProbe, spawnProbe} from '../support/ptyProbe.js';
import {buildBaselineInk} from './baseline.js';
import {type Bench, type Figure, hasTabs, median, round} from './figures.js';

async function exitTime(args: string[]): Promise<number> {
	const probe = spawnProbe({args});
	try {
		const {at} = await probe.exited;
		return at - probe.spawnedAt;
	} finally {
		probe.dispose();
	}
}

async function firstFrame(spawn: () => ReturnType<typeof spawnProbe>): Promise<number> {
	const probe = spawn();
	try {
		const at = await probe.waitForScreen(hasTabs, 'tab names', 20_000);
		probe.press('q');
		await probe.exited;
		return at - probe.spawnedAt;
	} finally {
		probe.dispose();
	}
}

/** whether the bench's Node has a compile cache (Node >= 22.1), asked the way the app does */
function hasCompileCache(): boolean {
	return execFileSync(benchNode(), ['-p', "typeof require('node:module').enableCompileCache"], {encoding: 'utf8'}).trim() === 'function';
}

export const startup: Bench = {
	name: 'start-up',
	async run(): Promise<Figure[]> {
		const runs = Number(process.env['BENCH_STARTUP_RUNS'] ?? 7);
		const cached = hasCompileCache();
		const cache = mkdtempSync(join(tmpdir(), 'ohtui-bench-cache-'));
		const baseline = await buildBaselineInk();
		const server = await startStandInServer({rateLimit: false});
		const app = (args: string[] = [], env: Record<string, string> = {}) => firstFrame(() => spawnCliProbe(args, {XDG_CACHE_HOME: cache, ...env}));
		const noCache = {NODE_DISABLE_COMPILE_CACHE: '1'};
		const ink = () => firstFrame(() => spawnProbe({args: [baseline.entry]}));
		const samples = {node: [] as number[], ink: [] as number[], app: [] as number[], appNoCache: [] as number[], remote: [] as number[]};
		try {
			// warm the file cache and fill the compile cache, unmeasured
			await exitTime(['-e', '0']);
			await ink();
			await app();
			for (let i = 0; i < runs; i++) {
				samples.node.push(await exitTime(['-e', '0']));
				samples.ink.push(await ink());
				samples.app.push(await app());
				if (cached) samples.appNoCache.push(await app([], noCache));
				// informative: against a server already running (no embedded server to start)
				samples.remote.push(await app(['--url', server.url]));
			}
		} finally {
			await server.close();
			baseline.dispose();
			rmSync(cache, {recursive: true, force: true});
		}

		const nodeMs = median(samples.node);
		const inkMs = median(samples.ink);
		const appMs = median(samples.app);
		const toInk = appMs / inkMs;
		const toNode = appMs / nodeMs;
		const node20 = /^v20\./.test(execFileSync(benchNode(), ['--version'], {encoding: 'utf8'}).trim());
		const bench = 'start-up';
		const figures: Figure[] = [
			{bench, name: '`node -e 0` (median)', value: round(nodeMs), unit: 'ms', target: '', pass: null, note: `${runs} runs`},
			{bench, name: 'minimal bundled Ink app, first frame (median)', value: round(inkMs), unit: 'ms', target: '', pass: null, note: 'one Box, one Text; bundled like the app'},
			{
				bench,
				name: 'spawn to first complete frame (median)',
				value: round(appMs),
				unit: 'ms',
				target: '',
				pass: null,
				note: `${runs} runs, demo mode, ${cached ? 'compile cache warm' : 'no compile cache on this Node'}`,
			},
			{bench, name: 'first frame / minimal Ink app', value: round(toInk, 2), unit: 'x', target: '<= 1.5x', pass: toInk <= 1.5},
			{
				bench,
				name: 'first frame / `node -e 0`',
				value: round(toNode, 2),
				unit: 'x',
				target: '<= 3x on Node 20',
				pass: node20 ? toNode <= 3 : null,
			},
		];
		if (cached) {
			const noCacheMs = median(samples.appNoCache);
			figures.push({
				bench,
				name: 'first frame without compile cache (median)',
				value: round(noCacheMs),
				unit: 'ms',
				target: '',
				pass: null,
				note: `NODE_DISABLE_COMPILE_CACHE=1: ${round(noCacheMs / inkMs, 2)}x the Ink app; the cache saves ${round(noCacheMs - appMs)} ms`,
			});
		}

		figures.push({
			bench,
			name: 'with --url (no embedded server) / minimal Ink app',
			value: round(median(samples.remote) / inkMs, 2),
			unit: 'x',
			target: '',
			pass: null,
			note: `median ${round(median(samples.remote))} ms`,
		});
		return figures;
	},
};
