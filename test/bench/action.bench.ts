/**
 * Action latency: from pressing `p` on a RUNNING sandbox to the screen showing it PAUSED, with a
 * stand-in server that pauses at once (docker pause). Resumed with `r` between rounds; median over
 * BENCH_ACTION_ROUNDS rounds (default 5), default refresh.
 */
import {startStandInServer} from '../../source/server/standInServer.js';
import {spawnCliProbe} from '../support/ptyProbe.js';
import {openSandboxesTab, type Bench, type Figure, median, round} from './figures.js';

const selectedLine = (screen: string) => screen.split('\n').find(line => line.startsWith('›')) ?? '';

export const action: Bench = {
	name: 'action latency',
	async run(): Promise<Figure[]> {
		const rounds = Number(process.env['BENCH_ACTION_ROUNDS'] ?? 5);
		const server = await startStandInServer({rateLimit: false, bootMs: 0});
		const probe = spawnCliProbe(['--url', server.url]);
		try {
			await openSandboxesTab(probe);
			// select the first RUNNING row
			for (let i = 0; i < 20 && !/\bRUNNING\b/.test(selectedLine(probe.screenText())); i++) {
				probe.press('j');
				await probe.waitForQuiet(150);
			}
			if (!/\bRUNNING\b/.test(selectedLine(probe.screenText()))) throw new Error('no RUNNING sandbox to select');
			const pause: number[] = [];
			const resume: number[] = [];
			// The row shows the server's status as soon as it is seen (a trailing … while the store still
			// watches); the next key waits until the watch is over, since a key pressed during the watch
			// is dropped.
			const settled = (status: string) => probe.waitForScreen(screen => new RegExp(`\\b${status}(?!…)\\b`).test(selectedLine(screen)), `${status} settled`, 10_000);
			for (let i = 0; i < rounds; i++) {
				await probe.waitForQuiet(300);
				const pAt = probe.press('p');
				pause.push((await probe.waitForScreen(screen => /\bPAUSED\b/.test(selectedLine(screen)), 'PAUSED', 10_000)) - pAt);
				await settled('PAUSED');
				await probe.waitForQuiet(300);
				const rAt = probe.press('r');
				resume.push((await probe.waitForScreen(screen => /\bRUNNING\b/.test(selectedLine(screen)), 'RUNNING', 10_000)) - rAt);
				await settled('RUNNING');
			}
			const pauseMs = median(pause);
			const bench = 'action latency';
			return [
				{bench, name: '`p` to PAUSED on screen (median)', value: round(pauseMs), unit: 'ms', target: '< 1500 ms', pass: pauseMs < 1500, note: `${rounds} rounds; max ${round(Math.max(...pause))} ms`},
				{bench, name: '`r` to RUNNING on screen (median)', value: round(median(resume)), unit: 'ms', target: '', pass: null, note: `${rounds} rounds`},
			];
		} finally {
			probe.dispose();
			await server.close();
		}
	},
};
