import {readFileSync} from 'node:fs';
import {createServer as createHttpsServer, type Server as HttpsServer} from 'node:https';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {noProxyMatch, proxyFor, proxyLabel} from '../../../source/api/transport/dispatcher.js';
import {createHttp} from '../../../source/api/transport/http.js';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {type ConnectProxy, startConnectProxy} from '../../support/connectProxy.js';
import {startGenerationServer} from '../generationServers.js';

const KEY = 'proxy-test-key-Qw7Er9Ty';
const tls = (name: string) => readFileSync(new URL(`../../fixtures/tls/${name}`, import.meta.url), 'utf8');
const CA = tls('cert.pem');

const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});

async function proxy(): Promise<ConnectProxy> {
	const made = await startConnectProxy();
	open.push(made);
	return made;
}

function client(options: Parameters<typeof createClient>[0]): OpenHandsClient {
	const made = createClient(options);
	open.push(made);
	return made;
}

/** An https OpenHands-like server (current, session key) with the committed test certificate. */
async function httpsServer(): Promise<{url: string; seenKeys: (string | undefined)[]}> {
	const seenKeys: (string | undefined)[] = [];
	const settings = readFileSync(new URL('../../fixtures/newer-2.8-settings.json', import.meta.url), 'utf8');
	const server: HttpsServer = createHttpsServer({key: tls('key.pem'), cert: CA}, (req, res) => {
		seenKeys.push(req.headers['x-session-api-key'] as string | undefined);
		const path = new URL(req.url ?? '/', 'https://x').pathname;
		if (req.headers['x-session-api-key'] !== KEY) {
			res.writeHead(401, {'content-type': 'application/json'}).end('{"detail":"Unauthorized"}');
		} else if (path === '/api/v1/settings') {
			res.writeHead(200, {'content-type': 'application/json'}).end(settings);
		} else if (path === '/api/v1/web-client/config') {
			res.writeHead(200, {'content-type': 'application/json'}).end('{"app_mode":"oss"}');
		} else {
			res.writeHead(200, {'content-type': 'application/json'}).end('{"items":[],"next_page_id":null}');
		}
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	open.push({
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>(resolve => server.close(() => resolve()));
		},
	});
	return {url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, seenKeys};
}

describe('HTTPS through a CONNECT proxy (HTTPS_PROXY)', () => {
	it('tunnels: the proxy sees only CONNECT to the target, never the key; the server gets it', async () => {
		const p = await proxy();
		const target = await httpsServer();
		const api = client({baseUrl: target.url, apiKey: KEY, ca: CA, env: {HTTPS_PROXY: p.url}});
		expect((await api.getSettings())?.shape).toBe('nested');
		expect((await api.serverInfo()).label).toBe('sandbox-server');
		const host = new URL(target.url).host;
		expect(p.seen.length).toBeGreaterThan(0);
		for (const seen of p.seen) expect(seen).toMatchObject({kind: 'connect', target: host});
		for (const seen of p.seen) expect(JSON.stringify(seen.headers)).not.toContain(KEY);
		expect(p.tunnelled().length).toBeGreaterThan(0);
		expect(p.tunnelled()).not.toContain(KEY);
		expect(target.seenKeys.every(key => key === KEY)).toBe(true);
	});

	it('lower-case https_proxy wins over HTTPS_PROXY, as in curl', async () => {
		const used = await proxy();
		const ignored = await proxy();
		const target = await httpsServer();
		const api = client({baseUrl: target.url, apiKey: KEY, ca: CA, auth: 'session', env: {https_proxy: used.url, HTTPS_PROXY: ignored.url}});
		await api.searchSandboxes();
		expect(used.seen).toHaveLength(1);
		expect(ignored.seen).toHaveLength(0);
	});

	it('proxy credentials go to the proxy as Proxy-Authorization, and a refusal is one clear line', async () => {
		const p = await proxy();
		p.requireAuth(`Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
		const target = await httpsServer();
		const withAuth = client({baseUrl: target.url, apiKey: KEY, ca: CA, auth: 'session', env: {HTTPS_PROXY: `http://alice:s3cret@127.0.0.1:${p.port}`}});
		expect((await withAuth.searchSandboxes()).items).toEqual([]);
		const without = client({baseUrl: target.url, apiKey: KEY, ca: CA, auth: 'session', env: {HTTPS_PROXY: p.url}});
		const error = (await without.searchSandboxes().catch((e: unknown) => e)) as Error & {kind: string};
		expect(error.kind).toBe('unreachable');
		expect(error.message).toContain('the proxy (HTTPS_PROXY) refused the connection: proxy authentication required');
		expect(error.message).not.toMatch(/[\n\r]/);
		expect(error.message).not.toContain(KEY);
	});

	it('without the CA the certificate is refused (the test proves TLS runs end to end through the tunnel)', async () => {
		const p = await proxy();
		const target = await httpsServer();
		const api = client({baseUrl: target.url, apiKey: KEY, auth: 'session', env: {HTTPS_PROXY: p.url}});
		const error = (await api.searchSandboxes().catch((e: unknown) => e)) as {kind: string};
		expect(error.kind).toBe('unreachable');
		expect(target.seenKeys).toHaveLength(0);
	});
});

describe('plain http through the proxy (HTTP_PROXY) and NO_PROXY', () => {
	it('forwards absolute-URI requests; the client works as direct', async () => {
		const p = await proxy();
		const target = await startGenerationServer({flavour: 'current'});
		open.push(target);
		const api = client({baseUrl: target.url, env: {HTTP_PROXY: p.url}});
		expect((await api.getSettings())?.shape).toBe('nested');
		expect(p.seen.map(s => (s.kind === 'forward' ? `${s.method} ${s.url}` : s.kind))).toEqual([
			`GET ${target.url}/api/v1/settings`,
			`GET ${target.url}/api/v1/web-client/config`,
			`GET ${target.url}/api/v1/settings`,
		]);
		expect(target.seen).toHaveLength(3);
	});

	it('NO_PROXY naming the host (or *, or a CIDR range) goes direct: the proxy sees nothing', async () => {
		const target = await startGenerationServer({flavour: 'legacy'});
		open.push(target);
		for (const noProxy of ['127.0.0.1', 'example.com, 127.0.0.1', '*', '127.0.0.0/8', `127.0.0.1:${target.port}`]) {
			const p = await proxy();
			const api = client({baseUrl: target.url, env: {http_proxy: p.url, NO_PROXY: noProxy}});
			expect((await api.getSettings())?.shape).toBe('flat');
			expect(p.seen).toHaveLength(0);
		}
	});

	it('an unusable proxy value fails each call with one line naming the variable, not the value', async () => {
		const target = await startGenerationServer({flavour: 'current'});
		open.push(target);
		const api = client({baseUrl: target.url, env: {HTTP_PROXY: 'socks4://user:pw@proxy:1080'}});
		const error = (await api.searchSandboxes().catch((e: unknown) => e)) as Error & {kind: string};
		expect(error.kind).toBe('unreachable');
		expect(error.message).toContain('HTTP_PROXY: unsupported proxy scheme socks4');
		expect(error.message).not.toContain('pw');
		expect(target.seen).toHaveLength(0);
	});

	it('a dead proxy is named, not the server (issue 21 item 16)', async () => {
		const target = await startGenerationServer({flavour: 'current'});
		open.push(target);
		const p = await proxy();
		const port = p.port;
		await p.close();
		for (const env of [{HTTP_PROXY: `http://u:pw@127.0.0.1:${port}`}, {http_proxy: `127.0.0.1:${port}`}]) {
			const api = client({baseUrl: target.url, apiKey: KEY, auth: 'session', env});
			const error = (await api.searchSandboxes().catch((e: unknown) => e)) as Error & {kind: string};
			expect(error.kind).toBe('unreachable');
			expect(error.message).toMatch(new RegExp(`^cannot reach the proxy http://(••••@)?127\\.0\\.0\\.1:${port} \\(HTTP_PROXY|http_proxy\\): connection refused`));
			expect(error.message).not.toContain('pw');
		}
		expect(target.seen).toHaveLength(0);
		const secure = await httpsServer();
		const tunnel = client({baseUrl: secure.url, apiKey: KEY, ca: CA, auth: 'session', env: {HTTPS_PROXY: `http://127.0.0.1:${port}`}});
		const error = (await tunnel.searchSandboxes().catch((e: unknown) => e)) as Error;
		expect(error.message).toMatch(/^cannot reach the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTPS_PROXY\): connection refused/);
	});

	it('createHttp has it too (what the agent-server clients use)', async () => {
		const p = await proxy();
		const target = await startGenerationServer({flavour: 'current'});
		open.push(target);
		const http = createHttp({baseUrl: target.url, apiKey: 'agent-key', auth: 'session', env: {HTTP_PROXY: p.url}});
		open.push(http);
		expect((await http.send({method: 'GET', path: '/api/v1/web-client/config'})).status).toBe(200);
		expect(http.route).toMatchObject({kind: 'proxy', variable: 'HTTP_PROXY'});
		expect(p.seen).toHaveLength(1);
	});
});

describe('proxy choice, as curl makes it', () => {
	const https = new URL('https://app.all-hands.dev/api');
	const http = new URL('http://10.1.2.3:3000');

	it('scheme variables, lower case first, then all_proxy; empty is unset', () => {
		expect(proxyFor(https, {})).toEqual({kind: 'direct', reason: 'no proxy set', variable: null});
		expect(proxyFor(https, {HTTPS_PROXY: 'http://p:3128'})).toMatchObject({kind: 'proxy', url: 'http://p:3128/', variable: 'HTTPS_PROXY'});
		expect(proxyFor(https, {HTTP_PROXY: 'http://p:3128'})).toMatchObject({kind: 'direct'});
		expect(proxyFor(http, {http_proxy: 'http://a:1', HTTP_PROXY: 'http://b:2'})).toMatchObject({url: 'http://a:1/', variable: 'http_proxy'});
		expect(proxyFor(http, {http_proxy: '', ALL_PROXY: 'socks5h://s:1080'})).toMatchObject({url: 'socks5://s:1080', variable: 'ALL_PROXY'});
		// no scheme → http://, no port → 1080 (curl)
		expect(proxyFor(https, {https_proxy: 'proxy.corp'})).toMatchObject({url: 'http://proxy.corp:1080/'});
		expect(proxyFor(https, {https_proxy: 'http://proxy.corp:80'})).toMatchObject({url: 'http://proxy.corp/'});
	});

	it('no_proxy: domains with their subdomains, a leading dot, ports, IPv4 ranges, IPv6, *', () => {
		expect(noProxyMatch(https, 'all-hands.dev')).toBe('all-hands.dev');
		expect(noProxyMatch(https, '.all-hands.dev')).toBe('.all-hands.dev');
		expect(noProxyMatch(https, 'hands.dev')).toBeNull();
		expect(noProxyMatch(https, 'other.com,  app.all-hands.dev ')).toBe('app.all-hands.dev');
		expect(noProxyMatch(https, 'app.all-hands.dev:443')).toBe('app.all-hands.dev:443');
		expect(noProxyMatch(https, 'app.all-hands.dev:8443')).toBeNull();
		expect(noProxyMatch(http, '10.0.0.0/8')).toBe('10.0.0.0/8');
		expect(noProxyMatch(http, '10.1.2.0/24')).toBe('10.1.2.0/24');
		expect(noProxyMatch(http, '10.1.3.0/24')).toBeNull();
		expect(noProxyMatch(http, '1.2.3')).toBeNull();
		expect(noProxyMatch(new URL('http://[::1]:3000'), '::1')).toBe('::1');
		expect(noProxyMatch(http, '*')).toBe('*');
		expect(proxyFor(https, {HTTPS_PROXY: 'http://p:1', no_proxy: 'x.org', NO_PROXY: '*'})).toMatchObject({kind: 'proxy'});
		expect(proxyFor(https, {HTTPS_PROXY: 'http://p:1', NO_PROXY: 'all-hands.dev'})).toEqual({kind: 'direct', reason: 'no_proxy', variable: 'NO_PROXY'});
	});

	it('a printed proxy never shows its credentials', () => {
		expect(proxyLabel('http://alice:s3cret@proxy.corp:3128/')).toBe('http://••••@proxy.corp:3128');
		expect(proxyLabel('http://proxy.corp:3128/')).toBe('http://proxy.corp:3128');
	});
});
