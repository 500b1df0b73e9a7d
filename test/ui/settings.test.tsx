import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {MCP_HTTP_KEY, MCP_SSE_KEY, STDIO_ARG_TOKEN, STDIO_ENV_VALUE, resource, settings} from './fixtures.js';
import {renderApp} from './harness.js';

afterEach(() => cleanup());

const SECRETS = [MCP_HTTP_KEY, MCP_SSE_KEY, STDIO_ENV_VALUE, STDIO_ARG_TOKEN];

describe('Settings view', () => {
	it('shows every group, keys only as set / not set, MCP servers by kind with secrets masked', async () => {
		const h = renderApp({snapshot: {visible: 'settings'}, rows: 100});
		const frame = await h.waitFor('Git identity');
		for (const text of ['LLM', 'Agent', 'Sandbox images', 'Features', 'MCP servers', 'Git identity', 'Account', 'Secrets']) {
			expect(frame).toContain(text);
		}
		const line = (label: string) => frame.split('\n').find(l => l.trimStart().startsWith(label)) ?? '';
		expect(line('llm api key')).toMatch(/ set$/);
		expect(line('search api key')).toMatch(/not set$/);
		expect(line('sandbox api key')).toMatch(/not set$/);
		expect(line('SSE 1 url')).toContain('https://sse.example.com/events');
		expect(line('SSE 1 api key')).toMatch(/ set$/);
		expect(line('stdio 1 name')).toContain('github');
		expect(line('stdio 1 command')).toContain('npx -y @modelcontextprotocol/server-github --token=••••');
		expect(line('stdio 1 env')).toContain('GITHUB_PERSONAL_ACCESS_TOKEN=••••');
		expect(line('HTTP 1 url')).toContain('https://mcp.example.com/mcp');
		expect(line('HTTP 1 timeout')).toContain('60s');
		expect(line('github token')).toContain('set, default host');
		expect(line('gitlab token')).toContain('set, gitlab.example.com');
		expect(line('user name')).toContain('openhands');
		expect(line('base image')).toContain('nikolaik/python-nodejs:python3.12-nodejs22');
		for (const f of h.frames) for (const secret of SECRETS) expect(f).not.toContain(secret);
	});

	it('scrolls with j/k/G/g when taller than the screen', async () => {
		const h = renderApp({snapshot: {visible: 'settings'}, rows: 16});
		let frame = await h.waitFor('LLM');
		expect(frame).not.toContain('Secrets');
		await h.press('G');
		frame = await h.waitFor('Secrets');
		expect(frame).toContain('gitlab token');
		expect(frame).not.toContain('LLM');
		await h.press('g');
		await h.waitFor('LLM');
		await h.press('j');
		frame = await h.waitForGone('LLM');
		expect(frame).toContain('  model');
		for (const f of h.frames) for (const secret of SECRETS) expect(f).not.toContain(secret);
	});

	it('says so when the server has no settings (404)', async () => {
		const h = renderApp({snapshot: {visible: 'settings', settings: resource(null)}});
		await h.waitFor('No settings stored yet');
	});

	it('shows "none" when no MCP server is configured', async () => {
		const h = renderApp({snapshot: {visible: 'settings', settings: resource(settings({mcp_config: null}))}, rows: 100});
		const frame = await h.waitFor('MCP servers');
		expect(frame).toMatch(/servers +none/);
	});
});
