/**
 * Issue 27 items 2, 6 and 9: what hostile or heavy websockets cost the app, against the test
 * fixture of a current app server whose conversations' agent server is reachable (test/support/
 * activityServer.ts: real HTTP, real websockets), the app in a pty:
 *
 * - Huge live events: the activity open on a conversation whose socket sends an event just under
 *   the frame cap (7.9 MB) every 300 ms for BENCH_FAULTS_HUGE_SECONDS (default 50): the app's
 *   resident memory before, at its highest, and at the end.
 * - A frame flood: the open conversation's socket sends 10,000 frames a second that are no event
 *   while its agent works (an event a second in its log), refresh 2 s, BENCH_FAULTS_SECONDS (40):
 *   the app's CPU and the upgrades it made.
 * - A silent socket (open, then nothing: no frame, no pong), the same load: upgrades a minute.
 * - Start-up: 12 running conversations whose agent server is reachable, their list on screen: the
 *   most requests (REST, and websocket handshakes) in any one second of the first five.
 *
 * `--compare ROOT` measures another build the same way (e.g. the one before these items).
 */
import {startActivityServer, type ActivityServer} from '../support/activityServer.js';
import {makeEvent} from '../support/eventData.js';
import {type Probe, cpuTimeMs, rssMb, spawnCliProbe} from '../support/ptyProbe.js';
import {type Bench, type Figure, hasTabs, round, sleep} from './figures.js';

const CONV = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const SANDBOX = 'sb-faults';
const KEY = 'sess-faults-1c2d';
const HUGE = Math.floor(7.9 * 1024 * 1024);

const hex = (n: number) => n.toString(16).padStart(32, '0');

async function fixture(running: number, execution = 'running'): Promise<ActivityServer> {
	const server = await startActivityServer('current');
	server.setNow(Date.now());
	server.sandboxes.set(SANDBOX, {id: SANDBOX, status: 'RUNNING', key: KEY});
	const start = Date.now() - 600_000;
	server.conversations.set(CONV, {id: CONV, sandboxId: SANDBOX, title: 'Followed conversation', execution, events: Array.from({length: 30}, (_, n) => makeEvent(n, start + n * 1000))});
	for (let n = 1; n < running; n++) server.conversations.set(hex(n), {id: hex(n), sandboxId: SANDBOX, title: `Agent number ${n}`, execution: 'running', events: [makeEvent(0, start)]});
	return server;
}

/** The app on `server`, its activity open on the followed conversation. */
async function follow(server: ActivityServer, refresh: number): Promise<Probe> {
	const probe = spawnCliProbe(['--url', server.url, '--refresh', String(refresh)]);
	await probe.waitForScreen(hasTabs, 'tabs', 30_000);
	probe.press('2');
	await probe.waitForScreen(screen => screen.includes('Followed conversation'), 'the row', 30_000);
	for (let i = 0; i < 20 && !(probe.screenText().split('\n').find(line => line.trimStart().startsWith('›')) ?? '').includes('Followed'); i++) {
		probe.press('j');
		await sleep(200);
	}
	probe.press('l');
	await probe.waitForScreen(screen => /Esc back/.test(screen), 'the activity', 30_000);
	return probe;
}

/** An event a second in the followed conversation's log (the agent at work), none over its socket. */
function agentAtWork(server: ActivityServer): () => void {
	const list = server.conversations.get(CONV)!.events;
	const timer = setInterval(() => list.push(makeEvent(list.length, Date.now())), 1000);
	return () => clearInterval(timer);
}

async function hugeEvents(bench: string, seconds: number): Promise<Figure[]> {
	const server = await fixture(1, 'idle');
	const probe = await follow(server, 5);
	try {
		await sleep(3000);
		const before = rssMb(probe.pid);
		let peak = before;
		const list = server.conversations.get(CONV)!.events;
		const text = 'y'.repeat(HUGE);
		const t0 = Date.now();
		let sent = 0;
		while (Date.now() - t0 < seconds * 1000) {
			const event = {...makeEvent(list.length, Date.now()), kind: 'ObservationEvent', observation: {kind: 'TerminalObservation', content: [{type: 'text', text}]}};
			server.sockets.publish(CONV, event);
			sent++;
			// the fixture keeps what it publishes; this process need not hold a gigabyte of it
			list.splice(30, Math.max(0, list.length - 33));
			await sleep(300);
			peak = Math.max(peak, rssMb(probe.pid));
		}
		await sleep(2000);
		const end = rssMb(probe.pid);
		const note = `${sent} events of 7.9 MB over ${seconds} s; ${round(before)} MB before, ${round(end)} MB at the end`;
		return [{bench, name: 'resident memory at its highest under 7.9 MB events every 300 ms', value: round(peak), unit: 'MB', target: '<= 200 MB', pass: peak <= 200, note}];
	} finally {
		probe.dispose();
		await server.close();
	}
}

async function stuckSocket(bench: string, seconds: number, stuck: 'flood' | 'silent'): Promise<Figure[]> {
	const server = await fixture(1);
	if (stuck === 'flood') server.sockets.stuck = {flood: 10_000};
	else server.sockets.silent = true;
	const probe = await follow(server, 2);
	const stop = agentAtWork(server);
	try {
		const upgrades0 = server.sockets.upgrades.length;
		const cpu0 = cpuTimeMs(probe.pid);
		const t0 = Date.now();
		await sleep(seconds * 1000);
		const cpu = (cpuTimeMs(probe.pid) - cpu0) / (Date.now() - t0);
		const upgrades = server.sockets.upgrades.length - upgrades0;
		const perMinute = (upgrades * 60) / seconds;
		if (stuck === 'flood') {
			return [
				{bench, name: 'CPU under a flood of 10,000 frames a second (refresh 2 s)', value: round(cpu * 100), unit: '% of a core', target: '<= 10 %', pass: cpu <= 0.1, note: `${upgrades} upgrades in ${seconds} s`},
			];
		}
		return [{bench, name: 'upgrades a minute on a silent socket while the agent works (refresh 2 s)', value: round(perMinute), unit: '/min', target: '<= 5', pass: perMinute <= 5, note: `${upgrades} in ${seconds} s`}];
	} finally {
		stop();
		probe.dispose();
		await server.close();
	}
}

async function startBurst(bench: string): Promise<Figure[]> {
	const server = await fixture(12);
	const times: number[] = [];
	server.intercept = () => {
		times.push(Date.now());
		return null;
	};
	server.sockets.onUpgrade = () => times.push(Date.now());
	const probe = spawnCliProbe(['--url', server.url]);
	try {
		await probe.waitForScreen(hasTabs, 'tabs', 30_000);
		probe.press('2');
		await sleep(5000);
		const first = times[0] ?? 0;
		const early = times.filter(t => t - first < 5000).sort((a, b) => a - b);
		let most = 0;
		for (let i = 0, j = 0; i < early.length; i++) {
			while (early[i]! - early[j]! >= 1000) j++;
			most = Math.max(most, i - j + 1);
		}
		const note = `${early.length} requests in the first 5 s (${server.sockets.upgrades.length} handshakes)`;
		return [{bench, name: 'requests in the densest second of the start (12 live conversations on screen)', value: most, unit: 'req', target: '<= 10', pass: most <= 10, note}];
	} finally {
		probe.dispose();
		await server.close();
	}
}

export const liveFaults: Bench = {
	name: 'live faults',
	async run(): Promise<Figure[]> {
		const seconds = Number(process.env['BENCH_FAULTS_SECONDS'] ?? 40);
		const hugeSeconds = Number(process.env['BENCH_FAULTS_HUGE_SECONDS'] ?? 50);
		const bench = 'live faults (app-server fixture)';
		return [
			...(await startBurst(bench)),
			...(await stuckSocket(bench, seconds, 'silent')),
			...(await stuckSocket(bench, seconds, 'flood')),
			...(await hugeEvents(bench, hugeSeconds)),
		];
	},
};
