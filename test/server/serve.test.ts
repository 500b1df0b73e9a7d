import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {serve} from '../../source/server/index.js';
import {parseServeArgs} from '../../source/server/serve.js';

const LISTENING = /^listening on http:\/\/127\.0\.0\.1:(\d+)\n$/;

function capture() {
	let text = '';
	return {write: (chunk: string) => (text += chunk), get text() {return text;}};
}

async function waitFor(check: () => boolean) {
	const deadline = Date.now() + 10_000;
	while (!check()) {
		if (Date.now() > deadline) throw new Error('timed out');
		await new Promise(resolve => setTimeout(resolve, 10));
	}
}

describe('ohtui serve', () => {
	it('parses flags, env key and the leading "serve"', () => {
		expect(
			parseServeArgs(['serve', '--port', '8123', '--boot-ms=10', '--step-ms', '5', '--seed-sandboxes', '50', '--no-settings', '--no-rate-limit'], {}),
		).toEqual({options: {port: 8123, bootMs: 10, stepMs: 5, seed: {sandboxes: 50}, withSettings: false, rateLimit: false}, help: false});
		expect(parseServeArgs([], {OPENHANDS_API_KEY: 'env-key'})).toEqual({options: {apiKey: 'env-key'}, help: false});
		expect(parseServeArgs(['--api-key', 'flag-key'], {OPENHANDS_API_KEY: 'env-key'})).toMatchObject({options: {apiKey: 'flag-key'}});
		expect(parseServeArgs(['--port', 'x'], {})).toEqual({error: "--port expects a whole number, got 'x'"});
		expect(parseServeArgs(['--wat'], {})).toEqual({error: 'unknown option --wat'});
	});

	it('parses --generation and --cloud', () => {
		expect(parseServeArgs(['--generation', 'legacy'], {})).toEqual({options: {generation: 'legacy'}, help: false});
		expect(parseServeArgs(['--generation=current', '--cloud'], {})).toEqual({options: {generation: 'current', cloud: true}, help: false});
		expect(parseServeArgs(['--cloud'], {})).toEqual({options: {cloud: true}, help: false});
		expect(parseServeArgs(['--generation', 'v0'], {})).toEqual({error: "--generation expects legacy or current, got 'v0'"});
		expect(parseServeArgs(['--generation'], {})).toEqual({error: '--generation needs a value'});
		expect(parseServeArgs(['--cloud', '--generation', 'legacy'], {})).toEqual({
			error: '--cloud imitates a current server; it cannot be combined with --generation legacy',
		});
	});

	it('parses --seed-events and --no-live', () => {
		expect(parseServeArgs(['--seed-events', '10000', '--no-live'], {})).toEqual({options: {seed: {events: 10000}, live: false}, help: false});
		expect(parseServeArgs(['--seed-events', 'many'], {})).toEqual({error: "--seed-events expects a whole number, got 'many'"});
	});

	it('answers a bad flag with one line and where its usage is on stderr and 2, --help with 0', async () => {
		const stdout = capture();
		const stderr = capture();
		expect(await serve(['--bogus'], {stdout, stderr})).toBe(2);
		// the error and where the usage is, as every other command says it (it printed the whole usage, 30 lines)
		expect(stderr.text).toBe('ohtui serve: unknown option --bogus\nRun ohtui serve --help for usage.\n');
		expect(stdout.text).toBe('');
		expect(await serve(['--help'], {stdout, stderr})).toBe(0);
		expect(stdout.text).toContain('Usage: ohtui serve');
		expect(stdout.text).toContain('--generation G');
		expect(stdout.text).toContain('--cloud');
	});

	it('prints the listening line, serves, and resolves 0 when stopped (legacy: only /api/settings guarded)', async () => {
		const stdout = capture();
		const stop = new AbortController();
		const done = serve(['--port', '0', '--generation', 'legacy', '--api-key', 'sekret', '--no-rate-limit'], {stdout, stderr: capture(), signal: stop.signal});
		await waitFor(() => LISTENING.test(stdout.text));
		const port = LISTENING.exec(stdout.text)![1];
		expect((await fetch(`http://127.0.0.1:${port}/api/settings`)).status).toBe(401);
		expect((await fetch(`http://127.0.0.1:${port}/api/v1/sandbox-specs/search`)).status).toBe(200);
		stop.abort();
		expect(await done).toBe(0);
		expect(stdout.text).not.toContain('sekret');
	});

	it('serves the current generation by default and the Cloud flavour with --cloud', async () => {
		const run = async (argv: string[], check: (base: string) => Promise<void>) => {
			const stdout = capture();
			const stop = new AbortController();
			const done = serve(['--port', '0', '--api-key', 'sekret', '--no-rate-limit', ...argv], {stdout, stderr: capture(), signal: stop.signal});
			await waitFor(() => LISTENING.test(stdout.text));
			await check(`http://127.0.0.1:${LISTENING.exec(stdout.text)![1]}`);
			stop.abort();
			expect(await done).toBe(0);
		};
		await run([], async base => {
			expect((await fetch(`${base}/api/v1/sandbox-specs/search`)).status).toBe(401);
			expect((await fetch(`${base}/api/v1/settings`, {headers: {'X-Session-API-Key': 'sekret'}})).status).toBe(200);
			expect((await fetch(`${base}/api/settings`, {headers: {'X-Session-API-Key': 'sekret'}})).status).toBe(404);
		});
		await run(['--cloud'], async base => {
			const config = (await (await fetch(`${base}/api/v1/web-client/config`)).json()) as {app_mode: string};
			expect(config.app_mode).toBe('saas');
			expect((await fetch(`${base}/api/v1/settings`, {headers: {Authorization: 'Bearer sekret'}})).status).toBe(200);
			expect((await fetch(`${base}/api/v1/settings`, {headers: {'X-Session-API-Key': 'sekret'}})).status).toBe(401);
		});
	});

	it('runs as a process and exits 0 on SIGTERM', async () => {
		const main = fileURLToPath(new URL('../../source/server/serveMain.ts', import.meta.url));
		const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--seed-sandboxes', '3'], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		child.stdout.on('data', chunk => (out += chunk));
		const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
		try {
			await waitFor(() => LISTENING.test(out));
			const port = LISTENING.exec(out)![1];
			const page = (await (await fetch(`http://127.0.0.1:${port}/api/v1/sandboxes/search`)).json()) as {items: unknown[]};
			expect(page.items).toHaveLength(3);
			child.kill('SIGTERM');
			expect(await exited).toBe(0);
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL');
		}
	});
});
