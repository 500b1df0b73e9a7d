/**
 * Bytes written per refresh at 120x40 on the Sandboxes tab, polling every second against a
 * stand-in server this process controls: a poll with identical data (target 0 bytes), one sandbox
 * changing status (target <= 2x that row's bytes in a full frame), every row changing (target <=
 * one full frame). A full frame is what the app writes when it redraws the whole view: measured
 * as the bytes written when switching back to the Sandboxes tab from the Specs tab.
 */
import {startStandInServer} from '../../source/server/standInServer.js';
import {performance} from 'node:perf_hooks';
import {spawnCliProbe} from '../support/ptyProbe.js';
import {openSandboxesTab, type Bench, type Figure, lineOf, round, sleep, STATUS_ROW} from './figures.js';

type Sandbox = {id: string; status: string};

/** the screen lines (1-based) that differ between two screens */
const changedLines = (before: string, after: string) => {
	const a = before.split('\n');
	return after.split('\n').flatMap((line, i) => (line === a[i] ? [] : [i + 1]));
};

const SEARCH = '/api/v1/sandboxes/search';
const QUIET_MS = 1500;

export const refreshBytes: Bench = {
	name: 'bytes per refresh',
	async run(): Promise<Figure[]> {
		// the demo's agents at rest: a finish or a new pending action while measuring is news, not a poll's
		// identical data (the header counts what needs you). Its ages whole minutes: with a random part the
		// row seeded 4-5 min ago could turn "5m ago" between two repaints, and the repaint that drew the
		// paused row drew that one too (283 or 421 B instead of 233 in about one run in five, any Node line)
		const server = await startStandInServer({rateLimit: false, bootMs: 0, live: false, exactAges: true});
		const probe = spawnCliProbe(['--url', server.url, '--refresh', '1']);
		const list = async () => ((await (await fetch(`${server.url}${SEARCH}`)).json()) as {items: Sandbox[]}).items;
		const polls = () => server.requests.filter(r => r.path === SEARCH).length;
		try {
			await openSandboxesTab(probe);
			await probe.waitForQuiet(QUIET_MS);

			// one full frame: switching back from the Specs tab redraws every line of the view (a resize
			// would too, but is not a clean measure: see RESULTS.md notes)
			probe.press('4');
			await probe.waitForQuiet(QUIET_MS);
			const beforeFrame = performance.now();
			probe.press('3');
			await probe.waitForScreen(screen => STATUS_ROW.test(screen), 'sandbox rows again');
			await probe.waitForQuiet(QUIET_MS);
			const frameChunks = probe.chunks.filter(c => c.at > beforeFrame).map(c => c.data).join('');
			const fullFrame = Buffer.byteLength(frameChunks);

			// identical data
			const idleSeconds = Number(process.env['BENCH_REFRESH_SECONDS'] ?? 6);
			const polls0 = polls();
			const t0 = performance.now();
			await sleep(idleSeconds * 1000);
			const identicalPolls = polls() - polls0;
			const identicalBytes = probe.bytesSince(t0);

			// one sandbox changes: pause a running one through the server's API. Not the selected row: its
			// footer keys follow its state (resume instead of pause, issue 19), which is a second line
			const sandboxes = await list();
			const screen = probe.screenText();
			const running = sandboxes.find(s => s.status === 'RUNNING' && !(lineOf(screen, s.id) ?? '›').trimStart().startsWith('›'));
			if (!running) throw new Error('no RUNNING sandbox to pause');
			const rowLine = frameChunks.split('\n').find(line => line.includes(running.id.slice(-8))) ?? '';
			const rowBytes = Buffer.byteLength(rowLine);
			const t1 = performance.now();
			await fetch(`${server.url}/api/v1/sandboxes/${running.id}/pause`, {method: 'POST'});
			await probe.waitForScreen(screen => /PAUSED/.test(lineOf(screen, running.id) ?? ''), 'the paused row');
			await probe.waitForQuiet(QUIET_MS);
			const oneRowBytes = probe.bytesSince(t1);
			const oneRowLines = changedLines(screen, probe.screenText());

			// every row changes: flip running <-> paused
			const flipped = (await list()).filter(s => s.status === 'RUNNING' || s.status === 'PAUSED');
			const t2 = performance.now();
			await Promise.all(
				flipped.map(s => fetch(`${server.url}/api/v1/sandboxes/${s.id}/${s.status === 'RUNNING' ? 'pause' : 'resume'}`, {method: 'POST'})),
			);
			await probe.waitForScreen(
				screen => flipped.every(s => (lineOf(screen, s.id) ?? '').includes(s.status === 'RUNNING' ? 'PAUSED' : 'RUNNING')),
				'every row flipped',
			);
			await probe.waitForQuiet(QUIET_MS);
			const allBytes = probe.bytesSince(t2);

			const bench = 'bytes per refresh';
			return [
				{bench, name: 'one full frame at 120x40 (baseline: tab switch 4 -> 3)', value: fullFrame, unit: 'B', target: '', pass: null},
				{bench, name: 'one sandbox row in that frame (baseline)', value: rowBytes, unit: 'B', target: '', pass: null},
				{
					bench,
					name: 'poll with identical data',
					value: round(identicalBytes / Math.max(1, identicalPolls)),
					unit: 'B/poll',
					target: '0',
					pass: identicalBytes === 0,
					note: `${identicalBytes} B over ${identicalPolls} polls in ${idleSeconds} s`,
				},
				{
					bench,
					name: 'one sandbox changes status',
					value: oneRowBytes,
					unit: 'B',
					target: `<= 2x row (${2 * rowBytes} B)`,
					pass: rowBytes > 0 && oneRowBytes <= 2 * rowBytes,
					// a miss says what else was drawn (an age that turned, the header, the footer)
					note: `${oneRowLines.length} line(s) changed on screen${oneRowLines.length > 1 ? `: ${oneRowLines.join(', ')}` : ''}`,
				},
				{
					bench,
					name: `every row changes (${flipped.length} rows)`,
					value: allBytes,
					unit: 'B',
					target: `<= 1 frame (${fullFrame} B)`,
					pass: allBytes <= fullFrame,
				},
			];
		} finally {
			probe.dispose();
			await server.close();
		}
	},
};
