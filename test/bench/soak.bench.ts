/**
 * Issue 21 item 13: ohtui is kept open for days. A soak of BENCH_SOAK_MINUTES (default 60) under the
 * load the issue describes: refresh every second, the activity open and following a live agent
 * (the stand-in's demo conversations keep working), paging into older events and back every
 * 30 s, the list churning (back to it, another conversation, another tab) every 2 minutes, and a
 * message every 4 minutes. A preload (./heapSampler.mjs, `--expose-gc`) takes a full collection
 * and notes the live heap and resident memory every BENCH_SOAK_SAMPLE_SECONDS (default 30).
 *
 * Figures, from the samples after BENCH_SOAK_WARMUP_MINUTES (default 10): live heap growth and
 * resident memory growth, each the least-squares slope in MB an hour. Targets: live heap <= 1 MB an
 * hour; resident memory flat (<= 2 MB an hour: the allocator's pages come and go). A short run
 * (BENCH_SOAK_MINUTES=3 BENCH_SOAK_WARMUP_MINUTES=1) checks the harness; its slopes mean little.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startStandInServer} from '../../source/server/standInServer.js';
import {cliPath} from '../e2e/pty.js';
import {benchNode, type Probe, rssMb, spawnProbe} from '../support/ptyProbe.js';
import {type Bench, type Figure, hasTabs, round, sleep} from './figures.js';

const PAGE_UP = '\u001b[5~';
const ESC = '\u001b';

type Sample = {t: number; heap: number; rss: number};

/** Least-squares slope of `y` (MB) over time, in MB an hour. */
export function slopePerHour(samples: readonly Sample[], pick: (s: Sample) => number): number {
	if (samples.length < 2) return Number.NaN;
	const xs = samples.map(s => (s.t - samples[0]!.t) / 3_600_000);
	const ys = samples.map(s => pick(s) / (1024 * 1024));
	const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
	const my = ys.reduce((a, b) => a + b, 0) / ys.length;
	let num = 0;
	let den = 0;
	xs.forEach((x, i) => {
		num += (x - mx) * (ys[i]! - my);
		den += (x - mx) ** 2;
	});
	return den === 0 ? Number.NaN : num / den;
}

function readSamples(file: string): Sample[] {
	try {
		return readFileSync(file, 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(line => JSON.parse(line) as Sample);
	} catch {
		return [];
	}
}

/** Opens the activity of the first conversation whose agent is running (the demo's live ones). */
async function openLiveActivity(probe: Probe): Promise<void> {
	probe.press('2');
	// a running agent: its state's glyph and word (the attention-first list), or the older columns
	const running = /▶ running|RUNNING\s+running/;
	await probe.waitForScreen(screen => running.test(screen), 'conversation rows', 60_000);
	for (let i = 0; i < 30; i++) {
		const selected = probe.screenText().split('\n').find(line => line.trimStart().startsWith('›')) ?? '';
		if (running.test(selected)) break;
		probe.press('j');
		await sleep(300);
	}
	probe.press('l');
	await probe.waitForScreen(screen => /Esc back/.test(screen), 'the activity', 30_000);
}

export const soak: Bench = {
	name: 'soak',
	async run(): Promise<Figure[]> {
		const minutes = Number(process.env['BENCH_SOAK_MINUTES'] ?? 60);
		const warmup = Number(process.env['BENCH_SOAK_WARMUP_MINUTES'] ?? 10);
		const sampleSeconds = Number(process.env['BENCH_SOAK_SAMPLE_SECONDS'] ?? 30);
		const dir = mkdtempSync(join(tmpdir(), 'ohtui-soak-'));
		const file = join(dir, 'samples.jsonl');
		const server = await startStandInServer({rateLimit: false, bootMs: 0});
		const sampler = fileURLToPath(new URL('./heapSampler.mjs', import.meta.url));
		const probe = spawnProbe({
			command: benchNode(),
			args: ['--expose-gc', '--import', sampler, cliPath, '--url', server.url, '--refresh', '1'],
			env: {OHTUI_SOAK_FILE: file, OHTUI_SOAK_SAMPLE_MS: String(sampleSeconds * 1000)},
		});
		const bench = `soak (${minutes} min)`;
		try {
			await probe.waitForScreen(hasTabs, 'tabs', 60_000);
			await openLiveActivity(probe);
			const t0 = Date.now();
			let messages = 0;
			for (let second = 0; Date.now() - t0 < minutes * 60_000; second += 10) {
				await sleep(10_000);
				if (second % 240 === 230) {
					// a message every 4 minutes
					probe.press('m');
					await sleep(500);
					probe.press(`soak message ${++messages}`);
					await sleep(500);
					probe.press('\r');
				} else if (second % 120 === 110) {
					// list churn: back to the list, another tab and back, another conversation
					probe.press(ESC);
					await sleep(1000);
					probe.press('3');
					await sleep(3000);
					probe.press('2');
					await sleep(1000);
					probe.press(second % 240 < 120 ? 'j' : 'k');
					await sleep(500);
					probe.press('l');
				} else if (second % 30 === 20) {
					// paging into older events, then following again
					for (let i = 0; i < 5; i++) probe.press(PAGE_UP);
					await sleep(3000);
					probe.press('G');
				}
			}
			const samples = readSamples(file);
			const steady = samples.filter(s => s.t >= t0 + warmup * 60_000);
			const heap = slopePerHour(steady, s => s.heap);
			const rss = slopePerHour(steady, s => s.rss);
			const mb = (bytes: number) => round(bytes / (1024 * 1024));
			const first = steady[0];
			const last = steady.at(-1);
			const span = first && last ? `${mb(first.heap)} -> ${mb(last.heap)} MB live, ${mb(first.rss)} -> ${mb(last.rss)} MB resident` : 'no samples';
			const note = `${steady.length} samples after ${warmup} min (${span}); ${messages} messages; ${server.requests.length} requests`;
			return [
				{bench, name: 'live heap growth after the warm-up', value: round(heap, 2), unit: 'MB/h', target: '<= 1 MB/h', pass: heap <= 1, note},
				{bench, name: 'resident memory growth after the warm-up', value: round(rss, 2), unit: 'MB/h', target: '<= 2 MB/h (flat)', pass: rss <= 2, note: `now ${round(rssMb(probe.pid))} MB`},
			];
		} finally {
			probe.dispose();
			await server.close();
			rmSync(dir, {recursive: true, force: true});
		}
	},
};
