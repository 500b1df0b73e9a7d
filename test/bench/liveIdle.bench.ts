/**
 * Issue 18 §4, what live sockets cost and what they bring, against the agent-server stand-in (70
 * conversations, 7 of them running; agents quiet: they act only when asked; the server pings every
 * socket every 20 s as uvicorn >= 0.46 does):
 *
 * - Eight live sockets (the open activity and the seven running conversations' watches), nothing
 *   happening: CPU of the app over BENCH_LIVE_IDLE_WINDOW seconds (default 60) after a warm-up of
 *   BENCH_IDLE_WARMUP_SECONDS (30, as the idle bench), bytes written, event searches, and the
 *   background check's requests per refresh interval (one per server).
 * - Needs-you on another tab (Settings), from the moment the server makes the transition (an agent
 *   another client asked for something comes to wait for confirmation, or finishes) to the header's count:
 *   for watched conversations (their socket says it), and with sockets refused (the background check
 *   at the refresh pace finds it). BENCH_LIVE_TRANSITIONS each (default 5). Medians.
 */
import {performance} from 'node:perf_hooks';
import {defaultRefreshSeconds} from '../../source/config/resolveConfig.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {type Probe, cpuTimeMs} from '../support/ptyProbe.js';
import {type Bench, type Figure, median, pollRate, round, sleep} from './figures.js';
import {conversationTitles, liveSetup, readEvents, selectRow, sendMessage, setPolicy} from './liveSetup.js';

const NEEDS = new Set(['waiting_for_confirmation', 'finished', 'error', 'stuck']);
const needCount = (screen: string) => Number(/(\d+) needs? you/.exec(screen.split('\n')[0] ?? '')?.[1] ?? 0);

/** Asks `id`'s agent for work under AlwaysConfirm, steps the quiet server until it needs the user; ms from that moment to the header's count. */
async function transition(server: AgentServerStandIn, probe: Probe, id: string): Promise<number> {
	const before = needCount(probe.screenText());
	let waitingAt = Number.NaN;
	const off = server.onEvent(({conversationId, event, at}) => {
		// the first state that needs the user: waiting for confirmation, or done (finished, error, stuck)
		if (conversationId === id && event['key'] === 'execution_status' && NEEDS.has(String(event['value'])) && Number.isNaN(waitingAt)) waitingAt = at - performance.timeOrigin;
	});
	const stepper = setInterval(() => server.advance(), 20);
	try {
		await setPolicy(server, id, 'AlwaysConfirm');
		await sendMessage(server, id, 'one more thing, please', true);
		const shownAt = await probe.waitForScreen(screen => needCount(screen) > before, 'the needs-you count', 30_000);
		if (Number.isNaN(waitingAt)) throw new Error(`the header counted before the server made the transition: ${probe.screenText().split('\n').slice(0, 3).join(' / ')}`);
		return shownAt - waitingAt;
	} finally {
		clearInterval(stepper);
		off();
	}
}

export const liveIdle: Bench = {
	name: 'live sockets',
	async run(): Promise<Figure[]> {
		const window = Number(process.env['BENCH_LIVE_IDLE_WINDOW'] ?? 60);
		const warmup = Number(process.env['BENCH_IDLE_WARMUP_SECONDS'] ?? 30);
		const transitions = Number(process.env['BENCH_LIVE_TRANSITIONS'] ?? 5);
		const interval = defaultRefreshSeconds * 1000;
		const setup = await liveSetup({live: false, seed: {conversations: 70}, stepMs: 300, pingIntervalMs: 20_000});
		const {server, probe} = setup;
		const bench = 'live sockets (agent-server stand-in)';
		try {
			const all = await conversationTitles(server);
			// a seeded history is written when first read: read each now, so its old states are not news later
			await Promise.all(all.map(c => readEvents(server, c.id)));
			const running = all.filter(c => c.status === 'running');
			const quiet = all.filter(c => c.status === 'finished' || c.status === 'idle');
			probe.press('2');
			await selectRow(probe, quiet[0]!.title);
			probe.press('l');
			await probe.waitForScreen(screen => / · live · /.test(screen), 'the activity, live', 30_000);
			const sockets0 = performance.now();
			while (server.socketCount() < 8 && performance.now() - sockets0 < 30_000) await sleep(100);
			const sockets = server.socketCount();

			await sleep(warmup * 1000);
			await probe.waitForQuiet(2000);
			const requests0 = server.requests.length;
			const cpu0 = cpuTimeMs(probe.pid);
			const t0 = performance.now();
			await sleep(window * 1000);
			const cpu1 = cpuTimeMs(probe.pid);
			const elapsed = performance.now() - t0;
			const bytes = probe.bytesSince(t0);
			const cpuPercent = ((cpu1 - cpu0) / elapsed) * 100;
			const seen = server.requests.slice(requests0);
			const searches = seen.filter(r => r.path.endsWith('/events/search')).length;
			const checks = pollRate(seen.filter(r => r.path === '/api/conversations/search').map(r => r.at), interval);
			const others = [...new Set(seen.filter(r => r.path !== '/api/conversations/search').map(r => `${r.method} ${r.path}`))];

			// needs-you while the Settings tab is visible: watched conversations first
			probe.press('\u001b');
			await probe.waitForScreen(screen => !/ · live · /.test(screen), 'the list again', 10_000);
			probe.press('1');
			// the lists poll again once the activity is closed: what they bring settles first
			await sleep(2 * interval);
			await probe.waitForQuiet(1000);
			const viaSocket: number[] = [];
			for (const c of running.slice(0, transitions)) viaSocket.push(await transition(server, probe, c.id));
			// no sockets at all now (a proxy that passes none): the background check finds them
			server.setRefuseUpgrades(true);
			server.dropSockets();
			await sleep(2000);
			const background0 = server.requests.length;
			const viaCheck: number[] = [];
			for (const c of quiet.slice(1, 1 + transitions)) viaCheck.push(await transition(server, probe, c.id));
			const background = pollRate(server.requests.slice(background0).filter(r => r.path === '/api/conversations/search').map(r => r.at), interval);

			const socketMs = median(viaSocket);
			const checkMs = median(viaCheck);
			return [
				{bench, name: `CPU over ${window} s, ${sockets} live sockets, agents quiet`, value: round(cpuPercent, 2), unit: '% of a core', target: '<= 0.3%', pass: cpuPercent <= 0.3 && sockets === 8, note: `${round(cpu1 - cpu0, 0)} ms CPU in ${round(elapsed / 1000, 1)} s (10 ms ticks), after ${warmup} s of warm-up; server pings every 20 s`},
				{bench, name: 'bytes written while the sockets are idle', value: bytes, unit: 'B', target: '0', pass: bytes === 0},
				{bench, name: 'event searches while the sockets are up', value: searches, unit: 'req', target: '0', pass: searches === 0, note: `besides the background check: ${others.length ? others.join(', ') : 'nothing'}`},
				{bench, name: 'background checks per refresh interval (one server)', value: round(checks.perInterval, 2), unit: 'req', target: '<= 1', pass: checks.perInterval <= 1, note: checks.note},
				{bench, name: 'needs-you on another tab, watched over its socket (median)', value: round(socketMs), unit: 'ms', target: `<= ${interval} ms (one interval)`, pass: socketMs <= interval, note: `${viaSocket.length} transitions, slowest ${round(Math.max(...viaSocket))} ms`},
				{bench, name: 'needs-you on another tab, no socket: the background check (median)', value: round(checkMs), unit: 'ms', target: `<= ${interval} ms (one interval)`, pass: checkMs <= interval, note: `${viaCheck.length} transitions, slowest ${round(Math.max(...viaCheck))} ms; ${background.note}; polling before issue 18: 25.8 s`},
			];
		} finally {
			await setup.close();
		}
	},
};
