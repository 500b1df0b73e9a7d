// Issue 9 item 18 on the wire: TLS failures read as a sentence with the fix, a redirect says where.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer as createHttpsServer, type Server} from 'node:https';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {type ApiError, createClient} from '../../../source/api/index.js';
import {sendJson, startTestServer, type TestServer} from '../testServer.js';
import {apiFailure} from '../apiFailure.js';

let http: TestServer;
let https: Server;
let httpsUrl: string;
let dir: string;

async function failure(baseUrl: string): Promise<ApiError> {
	const client = createClient({baseUrl, apiKey: 'sk-tls-test-key'});
	try {
		return await apiFailure(client.searchSandboxes());
	} finally {
		await client.close();
	}
}

beforeAll(async () => {
	http = await startTestServer();
	dir = mkdtempSync(join(tmpdir(), 'ohtui-tls-'));
	execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], {stdio: 'ignore'});
	https = createHttpsServer({key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem'))}, (_req, res) => {
		res.writeHead(200, {'content-type': 'application/json'});
		res.end('{"items":[],"next_page_id":null}');
	});
	await new Promise<void>(resolve => https.listen(0, '127.0.0.1', resolve));
	httpsUrl = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await http.close();
	await new Promise(resolve => https.close(resolve));
	rmSync(dir, {recursive: true, force: true});
});

describe('TLS', () => {
	it('a self-signed certificate: one sentence naming NODE_EXTRA_CA_CERTS', async () => {
		const error = await failure(httpsUrl);
		expect(error.message).toMatch(/^cannot trust the certificate of 127\.0\.0\.1:\d+ \(self-signed or signed by an unknown CA\): start ohtui with NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem/);
	});

	it('https:// to a plain HTTP port: the URL is probably http://', async () => {
		const error = await failure(http.url.replace('http://', 'https://'));
		expect(error.message).toContain('does not speak TLS on that port: is the URL http:// rather than https://?');
	});
});

describe('redirects', () => {
	it('say where to, without the query (it may carry a token), and are not followed', async () => {
		http.handle((_request, res) => {
			res.writeHead(301, {location: 'https://oh.example.com/api/v1/sandboxes/search?token=abc123'});
			res.end();
		});
		const error = await failure(http.url);
		expect(error.message).toBe('the server redirects (301) to https://oh.example.com/api/v1/sandboxes/search: use that URL (ohtui does not follow redirects) (GET /api/v1/sandboxes/search)');
		expect(error.message).not.toContain('abc123');
	});

	it('a redirect with no Location says so', async () => {
		http.handle((_request, res) => sendJson(res, 302, {}));
		const error = await failure(http.url);
		expect(error.message).toContain('the server redirects (302) without saying where');
	});
});
