/**
 * Idle cost on the Sandboxes tab with the default refresh: CPU time of the app process from
 * /proc/<pid>/stat over the window (target <= 0.2% of one core) and the HTTP requests the server
 * saw (target <= one per refresh interval). BENCH_IDLE_SECONDS sets the window (default 60).
 */
import {performance} from 'node:perf_hooks';
import {defaultRefreshSeconds} from '../../source/config/resolveConfig.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import {cpuTimeMs, spawnCliProbe} from '../support/ptyProbe.js';
import {openSandboxesTab, type Bench, type Figure, round, sleep} from './figures.js';

export const idle: Bench = {
	name: 'idle cost',
	async run(): Promise<Figure[]> {
		const seconds = Number(process.env['BENCH_IDLE_SECONDS'] ?? 60);
		const server = await startStandInServer({rateLimit: false, bootMs: 0});
		const probe = spawnCliProbe(['--url', server.url]);
		try {
			await openSandboxesTab(probe);
			await probe.waitForQuiet(2000);
			const cpu0 = cpuTimeMs(probe.pid);
			const requests0 = server.requests.length;
			const t0 = performance.now();
			await sleep(seconds * 1000);
			const cpu1 = cpuTimeMs(probe.pid);
			const elapsed = performance.now() - t0;
			const requests = server.requests.length - requests0;
			const bytes = probe.bytesSince(t0);
			const cpuPercent = ((cpu1 - cpu0) / elapsed) * 100;
			const intervals = elapsed / (defaultRefreshSeconds * 1000);
			const perInterval = requests / intervals;
			const bench = 'idle';
			return [
				{
					bench,
					name: `CPU over ${seconds} s idle (Sandboxes tab, refresh ${defaultRefreshSeconds} s)`,
					value: round(cpuPercent, 2),
					unit: '% of a core',
					target: '<= 0.2%',
					pass: cpuPercent <= 0.2,
					note: `${round(cpu1 - cpu0, 0)} ms CPU in ${round(elapsed / 1000, 1)} s (10 ms ticks)`,
				},
				{
					bench,
					name: 'HTTP requests per refresh interval',
					value: round(perInterval, 2),
					unit: 'req',
					target: '<= 1',
					pass: perInterval <= 1,
					note: `${requests} requests in ${round(intervals, 1)} intervals`,
				},
				{bench, name: 'bytes written while idle', value: bytes, unit: 'B', target: '', pass: null},
			];
		} finally {
			probe.dispose();
			await server.close();
		}
	},
};
