import type {ServerResponse} from 'node:http';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {type ApiError, type ClientOptions, createClient, type OpenHandsClient} from '../../source/api/index.js';
import {apiFailure} from './apiFailure.js';
import {deadPort, type Handler, sendJson, sendText, startTestServer, type TestServer} from './testServer.js';

const KEY = 'sEcReT-kEy-9f8e7d6c5b4a3210';

let server: TestServer;
const clients: OpenHandsClient[] = [];
const messages: string[] = [];

/** A forced scheme: these tests are about how each call maps failures; the probe has test/api/probe.test.ts. */
function client(options: Partial<ClientOptions> = {}): OpenHandsClient {
	const made = createClient({baseUrl: server.url, apiKey: KEY, auth: 'session', ...options});
	clients.push(made);
	return made;
}

/** `apiFailure`, and its message is one line without the key (kept for the check after all tests). */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
	const apiError = await apiFailure(promise);
	messages.push(apiError.message);
	expect(apiError.message).not.toMatch(/[\n\r\u001b]/);
	expect(apiError.message).not.toContain(KEY);
	return apiError;
}

/**
 * An app server's settings route, so the probe a 404, 405 or HTML answer sends (is it another kind
 * of server?) finds an OpenHands app server and the call's own error stays; every other path: `fault`.
 */
function asAppServer(fault: Handler): Handler {
	return (request, res, raw) => {
		if (request.path === '/api/v1/settings') return sendJson(res, 404, {error: 'Settings not found'});
		fault(request, res, raw);
	};
}

beforeAll(async () => {
	server = await startTestServer();
});
afterEach(async () => {
	await Promise.all(clients.splice(0).map(async made => made.close()));
});
afterAll(async () => {
	await server.close();
	// the last line of defence, checked over every message this file produced
	expect(messages.length).toBeGreaterThan(15);
	for (const message of messages) expect(message).not.toContain(KEY);
});

describe('network failures', () => {
	it('refused port → unreachable with host and reason', async () => {
		const port = await deadPort();
		const error = await failure(client({baseUrl: `http://127.0.0.1:${port}`}).searchSandboxes());
		expect(error.kind).toBe('unreachable');
		expect(error.message).toBe(`cannot reach 127.0.0.1:${port} (connection refused) (GET /api/v1/sandboxes/search)`);
		expect(error.operation).toBe('GET /api/v1/sandboxes/search');
	});

	it('headers slower than headersTimeoutMs → timeout', async () => {
		server.handle((_request, res) => {
			setTimeout(() => sendJson(res, 200, {items: [], next_page_id: null}), 4000).unref();
		});
		const error = await failure(client({headersTimeoutMs: 100}).searchSandboxes());
		expect(error.kind).toBe('timeout');
		expect(error.message).toContain('server did not answer within 0.1 s');
	});

	it('connection destroyed mid-response → unreachable, closed mid-response', async () => {
		server.handle((_request, res, raw) => {
			res.writeHead(200, {'content-type': 'application/json', 'content-length': '5000'});
			res.write('{"items":[');
			setTimeout(() => raw.socket.destroy(), 20);
		});
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('unreachable');
		expect(error.message).toMatch(/^connection to 127\.0\.0\.1:\d+ closed mid-response/);
	});

	it('socket closed before any answer → unreachable, and it may have been received (unanswered)', async () => {
		server.handle((_request, _res, raw) => raw.socket.destroy());
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('unreachable');
		expect(error.unanswered).toBe(true);
		expect(error.message).toMatch(/^connection to 127\.0\.0\.1:\d+ closed before the server answered \(connection closed\)/);
	});

	it('the caller aborting → aborted, before or during the call', async () => {
		const before = new AbortController();
		before.abort();
		expect((await failure(client().searchSandboxes({}, {signal: before.signal}))).kind).toBe('aborted');

		server.handle(() => {}); // never answers
		const during = new AbortController();
		const pending = client().searchSandboxes({}, {signal: during.signal});
		setTimeout(() => during.abort(), 30);
		const error = await failure(pending);
		expect(error.kind).toBe('aborted');
		expect(error.message).toBe('request cancelled (GET /api/v1/sandboxes/search)');
	});

	it('an invalid base URL rejects the call, not the constructor', async () => {
		const error = await failure(client({baseUrl: 'ftp://example'}).searchSpecs());
		expect(error.kind).toBe('unreachable');
		expect(error.message).toContain('invalid server URL');
	});
});

describe('HTTP statuses', () => {
	it('401 {"detail":"Unauthorized"} → unauthorized, check the API key', async () => {
		server.handle((_request, res) => sendJson(res, 401, {detail: 'Unauthorized'}));
		const error = await failure(client().getSettings());
		expect(error.kind).toBe('unauthorized');
		expect(error.status).toBe(401);
		// the probe takes a JSON 401 on /api/v1/settings for a current server (newer doc 1.2)
		expect(error.message).toBe('unauthorized (401): check the API key (GET /api/v1/settings)');
	});

	it('401 without a configured key says one is needed', async () => {
		server.handle((_request, res) => sendJson(res, 401, {detail: 'Unauthorized'}));
		const error = await failure(client({apiKey: null}).getSettings());
		expect(error.message).toContain('unauthorized (401): the server needs an API key');
	});

	it('403 {"error":"EmailNotVerifiedError"} → unauthorized with the server reason', async () => {
		server.handle((_request, res) => sendJson(res, 403, {error: 'EmailNotVerifiedError'}));
		const error = await failure(client().searchConversations());
		expect(error.kind).toBe('unauthorized');
		expect(error.message).toBe(
			'unauthorized (403): EmailNotVerifiedError; check the API key (GET /api/v1/app-conversations/search)',
		);
	});

	it('401 with a bare JSON string body (git-provider AuthenticationError)', async () => {
		server.handle((_request, res) => sendJson(res, 401, 'Invalid token'));
		expect((await failure(client().searchConversations())).message).toContain('unauthorized (401): Invalid token');
	});

	it('404 {"detail":"Not Found"} on pause → not_found', async () => {
		server.handle(asAppServer((_request, res) => sendJson(res, 404, {detail: 'Not Found'})));
		const error = await failure(client().pauseSandbox('nope'));
		expect(error.kind).toBe('not_found');
		expect(error.message).toBe('not found (404) (POST /api/v1/sandboxes/nope/pause)');
	});

	it('422 pydantic detail → validation joining loc and msg', async () => {
		server.handle((_request, res) =>
			sendJson(res, 422, {
				detail: [
					{type: 'greater_than', loc: ['query', 'limit'], msg: 'Input should be greater than 0', input: '0', ctx: {gt: 0}},
					{type: 'uuid_parsing', loc: ['query', 'ids', 0], msg: 'Input should be a valid UUID', input: 'x'},
				],
			}),
		);
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('validation');
		expect(error.message).toBe(
			'invalid request: query.limit: Input should be greater than 0; query.ids.0: Input should be a valid UUID (GET /api/v1/sandboxes/search)',
		);
	});

	it('429 with Retry-After: 3 and {"message":"Too many requests"} → rate_limited, 3000 ms', async () => {
		server.handle((_request, res) => sendJson(res, 429, {message: 'Too many requests'}, {'retry-after': '3'}));
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('rate_limited');
		expect(error.retryAfterMs).toBe(3000);
		expect(error.message).toBe('rate limited (429): Too many requests; retry in 3 s (GET /api/v1/sandboxes/search)');
	});

	it('429 with an HTTP-date Retry-After and a SaaS {"error":…} body', async () => {
		const at = new Date(Date.now() + 60_000).toUTCString();
		server.handle((_request, res) => sendJson(res, 429, {error: 'Rate limit exceeded: 10 per 1 second'}, {'retry-after': at}));
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('rate_limited');
		expect(error.retryAfterMs).toBeGreaterThan(50_000);
		expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
		expect(error.message).toContain('Rate limit exceeded: 10 per 1 second');
	});

	it('500 text/plain → server with the first line of the text', async () => {
		server.handle((_request, res) => sendText(res, 500, 'Internal Server Error'));
		const error = await failure(client().searchSandboxes({limit: 100}));
		expect(error.kind).toBe('server');
		expect(error.message).toBe('server error (500): Internal Server Error (GET /api/v1/sandboxes/search)');
	});

	it('500 {"detail":"Failed to start container: …"} → server with the detail', async () => {
		server.handle((_request, res) => sendJson(res, 500, {detail: 'Failed to start container: no space left'}));
		const error = await failure(client().startSandbox());
		expect(error.message).toBe('server error (500): Failed to start container: no space left (POST /api/v1/sandboxes)');
	});

	it("an agent server's 500: its exception (masked) and its error id, not only “Internal Server Error” (issue 26 item 13)", async () => {
		const exception = 'AuthenticationError: litellm.AuthenticationError: Incorrect API key provided: sk-proj-Zx81fQ2mWn7KpL0aBcDeFgHiJk';
		server.handle((_request, res) => sendJson(res, 500, {detail: 'Internal Server Error', exception, error_id: '3f2a91c0d4e5b6a7980112233445566f'}));
		const error = await failure(client().startSandbox());
		expect(error.kind).toBe('server');
		expect(error.message).toMatch(/^server error \(500\): AuthenticationError: litellm\.AuthenticationError: Incorrect API key provided: sk-•+ \(error id 3f2a91c0d4e5b6a7980112233445566f\) \(POST \/api\/v1\/sandboxes\)$/);
		// a deliberate 5xx of an agent server (no error id), and an empty exception (an assert)
		server.handle((_request, res) => sendJson(res, 503, {detail: 'Internal Server Error', exception: '503: conversation is starting'}));
		expect((await failure(client().startSandbox())).message).toBe('server error (503): 503: conversation is starting (POST /api/v1/sandboxes)');
		server.handle((_request, res) => sendJson(res, 500, {detail: 'Internal Server Error', exception: '', error_id: 'abc123'}));
		expect((await failure(client().startSandbox())).message).toBe('server error (500): Internal Server Error (error id abc123) (POST /api/v1/sandboxes)');
	});

	it('502 text/html page → server error (502): bad gateway, no HTML', async () => {
		server.handle((_request, res) =>
			sendText(res, 502, '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>nginx</body></html>', 'text/html'),
		);
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('server');
		expect(error.message).toBe('server error (502): bad gateway (GET /api/v1/sandboxes/search)');
	});

	it('405 (wrong method under the SPA mount) → validation with the detail', async () => {
		server.handle(asAppServer((_request, res) => sendJson(res, 405, {detail: 'Method Not Allowed'})));
		const error = await failure(client().resumeSandbox('x'));
		expect(error.kind).toBe('validation');
		expect(error.status).toBe(405);
		expect(error.message).toContain('request refused (405): Method Not Allowed');
	});
});

describe('bodies', () => {
	it('200 text/html (the SPA for an unknown path) → bad_response', async () => {
		server.handle(asAppServer((_request, res) => sendText(res, 200, '<!DOCTYPE html><html><body>OpenHands</body></html>', 'text/html')));
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('bad_response');
		expect(error.message).toBe(
			'expected JSON but got an HTML page — is the URL an OpenHands server? (GET /api/v1/sandboxes/search)',
		);
	});

	it('truncated JSON → bad_response without quoting the body', async () => {
		server.handle((_request, res) => sendText(res, 200, `{"items":[{"id":"${KEY}","sta`, 'application/json'));
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('bad_response');
		expect(error.message).toBe('response is not valid JSON (truncated or malformed) (GET /api/v1/sandboxes/search)');
	});

	it('a field of the wrong type → bad_response naming the field path', async () => {
		server.handle((_request, res) =>
			sendJson(res, 200, {
				items: [{id: 'a', created_by_user_id: null, sandbox_spec_id: 's', status: 7, session_api_key: KEY, exposed_urls: null, created_at: '2025-11-15T09:12:04Z'}],
				next_page_id: null,
			}),
		);
		const error = await failure(client().searchSandboxes());
		expect(error.kind).toBe('bad_response');
		expect(error.message).toBe(
			'unexpected response: items.0.status: expected string, received number (GET /api/v1/sandboxes/search)',
		);
	});

	it('a bad timestamp names the field too', async () => {
		server.handle((_request, res) => sendJson(res, 200, {items: [], next_page_id: 3}));
		expect((await failure(client().searchSpecs())).message).toContain('unexpected response: next_page_id: expected string');
	});

	it('a batch answer not aligned with the ids → bad_response', async () => {
		server.handle((_request, res) => sendJson(res, 200, [null]));
		const error = await failure(client().getSandboxes(['a', 'b']));
		expect(error.message).toContain('expected 2 items, got 1');
	});

	it('{"success":false} from pause → server error', async () => {
		server.handle((_request, res) => sendJson(res, 200, {success: false}));
		const error = await failure(client().pauseSandbox('a'));
		expect(error.kind).toBe('server');
	});

	it('a body bigger than maxResponseBytes → bad_response, and the client stops reading', async () => {
		let written = 0;
		let closedEarly = false;
		const chunk = Buffer.alloc(64 * 1024, 0x20);
		const total = 20 * 1024 * 1024;
		server.handle((_request, res: ServerResponse) => {
			res.writeHead(200, {'content-type': 'application/json'}); // chunked: no length to refuse up front
			res.on('close', () => {
				closedEarly = written < total;
			});
			const pump = (): void => {
				while (written < total && !res.destroyed) {
					written += chunk.length;
					if (!res.write(chunk)) {
						res.once('drain', pump);
						return;
					}
				}
				if (!res.destroyed) res.end();
			};
			pump();
		});
		const error = await failure(client({maxResponseBytes: 1024 * 1024}).searchSandboxes());
		expect(error.kind).toBe('bad_response');
		expect(error.message).toBe('response too large (over 1 MB) (GET /api/v1/sandboxes/search)');
		await expect.poll(() => closedEarly).toBe(true);
	});

	it('a declared Content-Length over the cap is refused before reading', async () => {
		server.handle((_request, res) => {
			res.writeHead(200, {'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024)});
			res.write('{"items":[');
		});
		const error = await failure(client({maxResponseBytes: 2048}).searchSandboxes());
		expect(error.message).toContain('response too large (over 2 KB)');
	});
});

describe('messages stay one short safe line and never hold the key', () => {
	it('a server echoing the key in a 500 detail', async () => {
		server.handle((_request, res) => sendJson(res, 500, {detail: `bad session key ${KEY} for sandbox`}));
		const error = await failure(client().searchSandboxes());
		expect(error.message).toBe('server error (500): bad session key *** for sandbox (GET /api/v1/sandboxes/search)');
	});

	it('a server echoing the key in 401 / 422 / plain-text / rate-limit bodies', async () => {
		const bodies: [number, unknown][] = [
			[401, {error: `Invalid API key ${KEY}`}],
			[422, {detail: [{loc: ['header', KEY], msg: `bad ${KEY}`}]}],
			[404, {detail: `no key ${encodeURIComponent(KEY)}`}],
			[429, {message: `slow down ${KEY}`}],
		];
		for (const [status, body] of bodies) {
			server.handle((_request, res) => sendJson(res, status, body));
			const error = await failure(client().searchSandboxes());
			expect(error.message).toContain('***');
		}
		server.handle((_request, res) => sendText(res, 503, `upstream said ${KEY}\nsecond line`));
		expect((await failure(client().searchSandboxes())).message).toBe(
			'server error (503): upstream said *** (GET /api/v1/sandboxes/search)',
		);
	});

	it('bearer auth is scrubbed the same way', async () => {
		server.handle((_request, res) => sendJson(res, 401, {error: `Bearer ${KEY} rejected`}));
		const error = await failure(client({auth: 'bearer'}).searchConversations());
		expect(error.message).toContain('Bearer *** rejected');
	});

	it('terminal escapes, newlines and long bodies are flattened and cut', async () => {
		server.handle((_request, res) => sendJson(res, 500, {detail: `\u001b[2J\u001b[31mboom\r\nsecond\tline ${'x'.repeat(500)}`}));
		const error = await failure(client().searchSandboxes());
		expect(error.message).toMatch(/^server error \(500\): \[2J \[31mboom second line x+… \(GET \/api\/v1\/sandboxes\/search\)$/);
		expect(error.message.length).toBeLessThanOrEqual(200 + 40);
	});
});

describe('settings', () => {
	it('404 {"error":"Settings not found"} → null (a fresh install)', async () => {
		server.handle((_request, res) => sendJson(res, 404, {error: 'Settings not found'}));
		await expect(client().getSettings()).resolves.toBeNull();
	});

	it('any other 404 → not_found error', async () => {
		server.handle((_request, res) => sendJson(res, 404, {detail: 'User not found'}));
		const error = await failure(client().getSettings());
		expect(error.kind).toBe('not_found');
	});
});
