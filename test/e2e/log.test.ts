/**
 * `--log` / OHTUI_LOG and the stderr guard in a real pty: while the screen is full-screen nothing a
 * library writes to stderr reaches the terminal; with a log it lands there, one line each, beside one
 * line per request, and no key.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {ptySessions, root, tempHome} from './pty.js';

const KEY = 'log-test-key-Hh55Jj66Kk77';
const NOISE = ['noisy library warning', 'library console.error line', 'library console.warn line', 'a raw stderr write'];
const preload = ['--import', join(root, 'test', 'e2e', 'noisyLibrary.mjs')];

let server: StandInServer;
const sessions = ptySessions();

beforeAll(async () => {
	server = await startStandInServer({apiKey: KEY, rateLimit: false});
});
afterAll(async () => {
	await server.close();
});

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise(resolve => setTimeout(resolve, 50));
	}
}

describe('the request log and the stderr guard', () => {
	it('with OHTUI_LOG: warnings go to the log, not the terminal; one line per request; no key', async () => {
		const home = tempHome();
		sessions.track(home);
		const logPath = join(home.home, 'ohtui.log');
		const app = sessions.spawn({home: home.home, nodeArgs: preload, env: {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY, OHTUI_LOG: logPath}});
		await app.waitForText(/\d+ loaded/, 20_000);
		app.kill('SIGUSR2');
		const log = () => (existsSync(logPath) ? readFileSync(logPath, 'utf8') : '');
		await until(() => NOISE.every(text => log().includes(text)), 'the warnings in the log');
		app.press('q');
		expect((await app.waitForExit()).exitCode).toBe(0);

		for (const text of NOISE) expect(app.raw).not.toContain(text);
		const lines = log().trimEnd().split('\n');
		expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z ohtui \S+ \(node v\d+[\d.]*\) started$/);
		expect(lines.find(l => l.includes('noisy library warning'))).toMatch(/^\S+Z stderr \(node:\d+\) ExperimentalWarning: noisy library warning$/);
		const requests = lines.filter(l => / GET \/api\//.test(l));
		expect(requests.length).toBeGreaterThan(2);
		expect(requests.some(l => /^\S+Z GET \/api\/v1\/app-conversations\/search\?limit=100 200 \d+ms \d+B$/.test(l))).toBe(true);
		expect(log()).not.toContain(KEY);
		expect(app.raw).not.toContain(KEY);
	});

	it('without a log: the same warnings are dropped, the terminal stays clean', async () => {
		const home = tempHome();
		sessions.track(home);
		const done = join(home.home, 'noise-done');
		const app = sessions.spawn({home: home.home, nodeArgs: preload, env: {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY, OHTUI_NOISE_DONE: done}});
		await app.waitForText(/\d+ loaded/, 20_000);
		app.kill('SIGUSR2');
		await until(() => existsSync(done), 'the noise to be made');
		app.press('3');
		await app.waitForText('SPEC');
		app.press('q');
		expect((await app.waitForExit()).exitCode).toBe(0);
		for (const text of NOISE) expect(app.raw).not.toContain(text);
	});

	it('a log file that cannot be opened is said once before the screen, and the app runs', async () => {
		const app = sessions.spawn({env: {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY, OHTUI_LOG: '/nonexistent-dir/ohtui.log'}});
		await app.waitForText(/\d+ loaded/, 20_000);
		const said = app.raw.indexOf('cannot open the log file');
		expect(said).toBeGreaterThanOrEqual(0);
		expect(said).toBeLessThan(app.raw.indexOf('\u001B[?1049h'));
		app.press('q');
		expect((await app.waitForExit()).exitCode).toBe(0);
	});
});
