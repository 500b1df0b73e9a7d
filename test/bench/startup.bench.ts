/**
 * Start-up: spawn to the first complete frame (all tab names on screen) of the built command in a
 * pty, in demo mode (embedded server), against `node -e 0` spawned the same way in the same run,
 * interleaved so both see the same machine load.
 */
import {startStandInServer} from '../../source/server/standInServer.js';
import {spawnCliProbe, spawnProbe} from '../support/ptyProbe.js';
import {type Bench, type Figure, hasTabs, median, round} from './figures.js';

async function baselineOnce(): Promise<number> {
	const probe = spawnProbe({args: ['-e', '0']});
	try {
		const {at} = await probe.exited;
		return at - probe.spawnedAt;
	} finally {
		probe.dispose();
	}
}

async function appOnce(args: string[] = []): Promise<number> {
	const probe = spawnCliProbe(args);
	try {
		const at = await probe.waitForScreen(hasTabs, 'tab names', 20_000);
		probe.press('q');
		await probe.exited;
		return at - probe.spawnedAt;
	} finally {
		probe.dispose();
	}
}

export const startup: Bench = {
	name: 'start-up',
	async run(): Promise<Figure[]> {
		const runs = Number(process.env['BENCH_STARTUP_RUNS'] ?? 7);
		// warm the file cache once, unmeasured
		await baselineOnce();
		await appOnce();
		const base: number[] = [];
		const app: number[] = [];
		// informative: the same against a server already running (no embedded server to start)
		const server = await startStandInServer({rateLimit: false});
		const remote: number[] = [];
		try {
			for (let i = 0; i < runs; i++) {
				base.push(await baselineOnce());
				app.push(await appOnce());
				remote.push(await appOnce(['--url', server.url]));
			}
		} finally {
			await server.close();
		}
		const baseMs = median(base);
		const appMs = median(app);
		const ratio = appMs / baseMs;
		return [
			{bench: 'start-up', name: '`node -e 0` (baseline, median)', value: round(baseMs), unit: 'ms', target: '', pass: null, note: `${runs} runs`},
			{bench: 'start-up', name: 'spawn to first complete frame (median)', value: round(appMs), unit: 'ms', target: '', pass: null, note: `${runs} runs, demo mode`},
			{bench: 'start-up', name: 'first frame / `node -e 0`', value: round(ratio, 2), unit: 'x', target: '<= 3x', pass: ratio <= 3},
			{
				bench: 'start-up',
				name: 'with --url (no embedded server) / `node -e 0`',
				value: round(median(remote) / baseMs, 2),
				unit: 'x',
				target: '',
				pass: null,
				note: `median ${round(median(remote))} ms`,
			},
		];
	},
};
