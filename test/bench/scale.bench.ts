/**
 * Scale: 10,000 sandboxes on the stand-in server. Time until the first page is on screen (from
 * spawn, pressing 3 as soon as the tabs show), key-press-to-frame latency for `j` and `G` (median
 * over BENCH_SCALE_PRESSES presses, default 30; from the write to the first output chunk after
 * it, with the app quiet before each press), and resident memory from /proc.
 */
import {startStandInServer} from '../../source/server/standInServer.js';
import {type Probe, rssMb, spawnCliProbe} from '../support/ptyProbe.js';
import {type Bench, type Figure, hasTabs, median, round, STATUS_ROW} from './figures.js';

async function latency(probe: Probe, key: string): Promise<number> {
	await probe.waitForQuiet(120);
	const at = probe.press(key);
	return (await probe.waitForChunkAfter(at)) - at;
}

export const scale: Bench = {
	name: 'scale',
	async run(): Promise<Figure[]> {
		const presses = Number(process.env['BENCH_SCALE_PRESSES'] ?? 30);
		const server = await startStandInServer({rateLimit: false, bootMs: 0, seed: {sandboxes: 10_000}});
		const probe = spawnCliProbe(['--url', server.url]);
		try {
			await probe.waitForScreen(hasTabs, 'tabs', 30_000);
			const pressedAt = probe.press('3');
			const firstPage = await probe.waitForScreen(screen => STATUS_ROW.test(screen), 'first page', 30_000);
			await probe.waitForQuiet(1000);
			const j: number[] = [];
			for (let i = 0; i < presses; i++) j.push(await latency(probe, 'j'));
			// the first G loads every page up to the cap: timed to the screen settling, once
			const gAt = probe.press('G');
			const firstG = (await probe.waitForChunkAfter(gAt)) - gAt;
			await probe.waitForQuiet(1500, 60_000);
			const settledG = probe.chunks.at(-1)!.at - gAt;
			const bottom = probe.screenText().split('\n').filter(line => /showing|loaded/.test(line)).join(' | ');
			const g: number[] = [];
			const top: number[] = [];
			for (let i = 0; i < presses; i++) {
				top.push(await latency(probe, 'g'));
				g.push(await latency(probe, 'G'));
			}
			const rss = rssMb(probe.pid);
			const bench = 'scale (10,000 sandboxes)';
			const jMs = median(j);
			const gMs = median(g);
			return [
				{bench, name: 'spawn to first page on screen', value: round(firstPage - probe.spawnedAt), unit: 'ms', target: '', pass: null, note: `${round(firstPage - pressedAt)} ms after pressing 3`},
				{bench, name: '`j` key to frame (median)', value: round(jMs), unit: 'ms', target: '< 50 ms', pass: jMs < 50, note: `${presses} presses`},
				{bench, name: 'first `G` (loads pages to the cap) to first frame', value: round(firstG), unit: 'ms', target: '', pass: null, note: `settled after ${round(settledG)} ms; ${bottom.trim()}`},
				{bench, name: '`G` key to frame (median)', value: round(gMs), unit: 'ms', target: '< 50 ms', pass: gMs < 50, note: `${presses} presses, alternating with g (median ${round(median(top))} ms)`},
				{bench, name: 'resident memory after loading 1,000 rows', value: round(rss), unit: 'MB', target: '<= 120 MB', pass: rss <= 120},
			];
		} finally {
			probe.dispose();
			await server.close();
		}
	},
};
