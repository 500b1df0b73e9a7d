/**
 * Several servers (issue 16 §4): ten stand-in servers of 1,000 conversations each, opened together
 * with `ohtui --all` (ten profiles in a config file), measured twice: all healthy, and with one of
 * them answering every request after 30 s (behind the fault server). For each run: spawn to the
 * first rows and to the healthy servers' first pages on screen, `j` and `G` keys to their first
 * byte and to the end of their frame (ptyProbe.ts KeyFrame; median of BENCH_FLEET_PRESSES, default
 * 20, `G` after it loaded every page: 10,000 rows; the rows' glimpses read in a first pass, so the
 * key's frame is timed, not the preview's read), resident memory, and
 * over BENCH_FLEET_IDLE_SECONDS (default 30) idle: the list requests per refresh interval of each
 * healthy server (the worst one given) and the bytes written.
 *
 * The slow server holds one page (100 conversations): its `G` is done with its first answer, so
 * what it sends in the idle window is its polls' answers (unchanged data) and what the header says
 * of it (stale while an answer takes longer than two intervals, ok when one comes).
 */
import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {performance} from 'node:perf_hooks';
import {defaultRefreshSeconds} from '../../source/config/servers.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {faults} from '../support/faults.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {type KeyFrame, type Probe, rssMb, spawnCliProbe} from '../support/ptyProbe.js';
import {type Bench, type Figure, hasTabs, median, pollRate, round, sleep} from './figures.js';

const SERVERS = 10;
const ROWS = 1000;
const SEARCH = '/api/v1/app-conversations/search';

async function frameOf(probe: Probe, key: string): Promise<KeyFrame> {
	const frame = await probe.pressForFrame(key);
	if (!frame) throw new Error(`\`${key}\` drew nothing; screen:\n${probe.screenText()}`);
	return frame;
}

/** `12,345 loaded` (or `showing 10,000 of more`) on the list's status line, as a number. */
function loaded(screen: string): number {
	const match = /([\d,]+) loaded|showing ([\d,]+) of/.exec(screen);
	return match ? Number((match[1] ?? match[2])!.replaceAll(',', '')) : 0;
}

type Run = {figures: Figure[]; values: Record<string, number>};

async function measure(label: string, slow: boolean): Promise<Run> {
	const presses = Number(process.env['BENCH_FLEET_PRESSES'] ?? 20);
	const idleSeconds = Number(process.env['BENCH_FLEET_IDLE_SECONDS'] ?? 30);
	const servers: StandInServer[] = [];
	let proxy: FaultServer | null = null;
	const home = mkdtempSync(join(tmpdir(), 'ohtui-fleet-bench-'));
	let probe: Probe | null = null;
	try {
		for (let i = 0; i < SERVERS; i++) {
			const conversations = slow && i === SERVERS - 1 ? 100 : ROWS;
			// no live agents: an idle window measures a quiet fleet
			servers.push(await startStandInServer({rateLimit: false, bootMs: 0, live: false, seed: {sandboxes: 20, conversations}}));
		}

		if (slow) {
			proxy = await startFaultServer({upstreamServer: servers[SERVERS - 1]!});
			await proxy.set(faults.delayHeaders(30_000));
		}

		const urls = servers.map((server, i) => (i === SERVERS - 1 && proxy ? proxy.url : server.url));
		const profiles = Object.fromEntries(urls.map((url, i) => [`s${String(i).padStart(2, '0')}`, {url}]));
		mkdirSync(join(home, 'ohtui'));
		writeFileSync(join(home, 'ohtui', 'config.json'), JSON.stringify({profiles}));
		chmodSync(join(home, 'ohtui', 'config.json'), 0o600);
		probe = spawnCliProbe(['--all'], {XDG_CONFIG_HOME: home});
		const healthy = slow ? SERVERS - 1 : SERVERS;
		await probe.waitForScreen(hasTabs, 'tabs', 30_000);
		const firstRows = await probe.waitForScreen(screen => /^› s\d\d /m.test(screen), 'first rows', 30_000);
		const firstPages = await probe.waitForScreen(screen => loaded(screen) >= healthy * 100, 'every first page', 60_000);
		await probe.waitForQuiet(1000, 60_000);
		// a first pass reads the glimpses (the preview's newest events) of the rows it selects: what
		// is timed next is the key's frame, not a read's
		for (const key of [...Array.from({length: presses}, () => 'j'), 'g']) await frameOf(probe, key);
		await probe.waitForQuiet(1000, 60_000);
		const j: KeyFrame[] = [];
		for (let i = 0; i < presses; i++) j.push(await frameOf(probe, 'j'));
		// G loads every page of every server up to its cap (the list shows the top-level conversations:
		// one in 25 seeded is a sub-conversation); a page that failed (a socket the server closed under
		// load) leaves 'more…', and G again goes on, as a user would press it
		const gAt = probe.press('G');
		const slowRows = slow ? 100 : 0;
		const everyPage = (screen: string) => !/more…/.test(screen) && loaded(screen) > healthy * 900 + slowRows;
		let tries = 1;
		for (;;) {
			await probe.waitForScreen(screen => everyPage(screen) || (/more…/.test(screen) && !/loading more/.test(screen)), 'every page', 120_000);
			await probe.waitForQuiet(500, 60_000);
			if (everyPage(probe.screenText()) || tries >= 5) break;
			tries++;
			probe.press('G');
		}
		const allLoaded = performance.now() - gAt;
		const rows = loaded(probe.screenText());
		await probe.waitForQuiet(1500, 60_000);
		// the glimpses of the first and the last row, read once
		for (const key of ['g', 'G']) await frameOf(probe, key);
		await probe.waitForQuiet(1000, 60_000);
		const g: KeyFrame[] = [];
		for (let i = 0; i < presses; i++) {
			await frameOf(probe, 'g');
			g.push(await frameOf(probe, 'G'));
		}

		const rss = rssMb(probe.pid);
		// idle at the top of the list, where each server's rows on screen are its first page (further
		// down, a poll refreshes the page on screen too: two requests, as with one server)
		probe.press('g');
		await probe.waitForQuiet(2000, 60_000);
		const starts = servers.map(server => server.requests.length);
		const t0 = performance.now();
		// which screen lines ever changed in the window (the header's first line is 0)
		const first = probe.screenText().split('\n');
		const changed = new Set<number>();
		while (performance.now() - t0 < idleSeconds * 1000) {
			await sleep(100);
			probe.screenText().split('\n').forEach((line, i) => {
				if (line !== first[i]) changed.add(i);
			});
		}
		const bytes = probe.bytesSince(t0);
		const rates = servers.slice(0, healthy).map((server, i) => {
			const window = server.requests.slice(starts[i]).filter(r => r.path === SEARCH);
			return pollRate(window.map(r => r.at), defaultRefreshSeconds * 1000);
		});
		const others = servers.slice(0, healthy).map((server, i) => server.requests.slice(starts[i]).filter(r => r.path !== SEARCH).length);
		const worst = rates.reduce((a, b) => (b.perInterval > a.perInterval ? b : a));
		const bench = `fleet (${SERVERS} servers x ${ROWS.toLocaleString('en')} conversations${slow ? ', one answering after 30 s' : ''})`;
		const rowsText = `${rows.toLocaleString('en')} rows`;
		const jMs = median(j.map(f => f.firstByte));
		const gMs = median(g.map(f => f.firstByte));
		const jEnd = median(j.map(f => f.endOfFrame));
		const gEnd = median(g.map(f => f.endOfFrame));
		const framesNote = (frames: readonly KeyFrame[]) => `${median(frames.map(f => f.frames))} frame(s) a press (median); quiet 50 ms after`;
		const perInterval = round(worst.perInterval, 2);
		const values = {firstRows: firstRows - probe.spawnedAt, firstPages: firstPages - probe.spawnedAt, j: jMs, g: gMs, jEnd, gEnd, rss, perInterval, bytes};
		return {
			values,
			figures: [
				{bench, name: 'spawn to the first rows on screen', value: round(values.firstRows), unit: 'ms', target: '', pass: null},
				{bench, name: `spawn to every first page on screen (${healthy * 100} rows)`, value: round(values.firstPages), unit: 'ms', target: '', pass: null, note: label},
				{bench, name: '`j` key to first byte (median)', value: round(jMs), unit: 'ms', target: '< 50 ms', pass: jMs < 50, note: `${presses} presses over the first pages`},
				{bench, name: '`j` key to the end of its frame (median)', value: round(jEnd), unit: 'ms', target: '< 25 ms', pass: jEnd < 25, note: framesNote(j)},
				{bench, name: '`G` key to first byte (median, every page loaded)', value: round(gMs), unit: 'ms', target: '< 50 ms', pass: gMs < 50, note: `${rowsText}; ${presses} presses alternating with g; G loaded every page in ${round(allLoaded)} ms${tries > 1 ? ` (pressed ${tries} times)` : ''}`},
				{bench, name: '`G` key to the end of its frame (median, every page loaded)', value: round(gEnd), unit: 'ms', target: '< 25 ms', pass: gEnd < 25, note: framesNote(g)},
				{bench, name: 'resident memory with every page loaded', value: round(rss), unit: 'MB', target: '<= 150 MB', pass: rss <= 150, note: rowsText},
				{
					bench,
					name: 'list requests per refresh interval at the top, per healthy server (the worst)',
					value: perInterval,
					unit: 'req',
					target: '<= 1',
					pass: perInterval <= 1,
					note: `${idleSeconds} s idle; worst: ${worst.note}; other requests: ${others.reduce((a, b) => a + b, 0)}`,
				},
				slow
					? {
							bench,
							name: `bytes written over ${idleSeconds} s idle`,
							value: bytes,
							unit: 'B',
							target: '',
							pass: null,
							note: `lines changed: ${changed.size ? [...changed].map(i => (i === 0 ? 'the header' : `line ${i + 1}`)).join(', ') : 'none'} (the slow server's word: stale while an answer takes over two intervals, ok when it comes)`,
						}
					: {bench, name: `bytes written over ${idleSeconds} s idle`, value: bytes, unit: 'B', target: '0', pass: bytes === 0, note: changed.size ? `lines changed: ${[...changed].join(', ')}` : undefined},
			],
		};
	} finally {
		probe?.dispose();
		await proxy?.close();
		await Promise.all(servers.map(async server => server.close()));
		rmSync(home, {recursive: true, force: true});
	}
}

export const fleet: Bench = {
	name: 'fleet',
	async run(): Promise<Figure[]> {
		const healthy = await measure('all ten healthy', false);
		const slow = await measure('one of ten answering after 30 s', true);
		const same = (key: string, unit: string) => `${round(healthy.values[key]!)} ${unit} with all healthy`;
		// the slow run's figures, each beside the healthy run's: the others' figures unchanged
		for (const figure of slow.figures) {
			const end = figure.name.includes('end of its frame');
			const key = figure.name.startsWith('`j`') ? (end ? 'jEnd' : 'j') : figure.name.startsWith('`G`') ? (end ? 'gEnd' : 'g') : figure.name.startsWith('resident') ? 'rss' : figure.name.startsWith('list requests') ? 'perInterval' : null;
			if (key) figure.note = `${figure.note ? `${figure.note}; ` : ''}${same(key, figure.unit)}`;
		}

		return [...healthy.figures, ...slow.figures];
	},
};
