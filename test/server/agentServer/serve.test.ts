import {describe, expect, it} from 'vitest';
import {serve} from '../../../source/server/index.js';
import {parseServeArgs} from '../../../source/server/serve.js';
import {connect, socketUrl} from './socketClient.js';

const LISTENING = /^listening on http:\/\/127\.0\.0\.1:(\d+)\n$/;

function capture() {
	let text = '';
	return {write: (chunk: string) => (text += chunk), get text() {return text;}};
}

describe('ohtui serve --kind agent-server', () => {
	it('parses its own flags, refuses the app server’s, and keeps --generation/--cloud for app servers', () => {
		expect(parseServeArgs(['serve', '--kind', 'agent-server', '--port', '0', '--no-live', '--seed-conversations', '20', '--pings', '--streaming', '--agent-version=1.1.0'], {OPENHANDS_API_KEY: 'k'})).toEqual({
			kind: 'agent-server',
			options: {port: 0, live: false, seed: {conversations: 20}, pingIntervalMs: 20_000, streaming: true, version: '1.1.0', apiKey: 'k'},
			help: false,
		});
		expect(parseServeArgs(['--kind=agent-server', '--cloud'], {})).toEqual({error: 'unknown option --cloud for --kind agent-server'});
		expect(parseServeArgs(['--kind', 'agent-server', '--agent-version', 'latest'], {})).toEqual({error: "--agent-version expects a version such as 1.43.1, got 'latest'"});
		expect(parseServeArgs(['--kind', 'agent-server', '--step-ms'], {})).toEqual({error: '--step-ms needs a value'});
		expect(parseServeArgs(['--kind', 'sandbox'], {})).toEqual({error: "--kind expects app-server or agent-server, got 'sandbox'"});
		expect(parseServeArgs(['--kind', 'app-server', '--generation', 'legacy'], {})).toEqual({options: {generation: 'legacy'}, help: false});
	});

	it('serves an agent server with its key (REST and the events websocket) and prints its own help', async () => {
		const help = capture();
		expect(await serve(['--kind', 'agent-server', '--help'], {stdout: help})).toBe(0);
		expect(help.text).toContain('Usage: ohtui serve --kind agent-server');
		const stdout = capture();
		const stop = new AbortController();
		const done = serve(['--kind', 'agent-server', '--port', '0', '--api-key', 'sekret'], {stdout, stderr: capture(), signal: stop.signal});
		for (let i = 0; i < 500 && !LISTENING.test(stdout.text); i++) await new Promise(resolve => setTimeout(resolve, 10));
		const base = `http://127.0.0.1:${LISTENING.exec(stdout.text)![1]}`;
		expect(((await (await fetch(`${base}/server_info`)).json()) as {title: string}).title).toBe('OpenHands Agent Server');
		expect((await fetch(`${base}/api/conversations/search`)).status).toBe(401);
		const page = (await (await fetch(`${base}/api/conversations/search`, {headers: {'X-Session-API-Key': 'sekret'}})).json()) as {items: {id: string}[]};
		const client = connect(socketUrl(base, page.items[0]!.id, 'session_api_key=sekret'));
		expect((await client.next(() => true)).key).toBe('full_state');
		stop.abort();
		expect(await done).toBe(0);
		expect(stdout.text).not.toContain('sekret');
	});
});
