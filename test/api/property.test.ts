import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ApiError, createClient, type OpenHandsClient} from '../../source/api/index.js';
import {startTestServer, type TestServer} from './testServer.js';

const KEY = 'pr0pErTy-KeY-0123456789';

let server: TestServer;
let client: OpenHandsClient;
let next: {status: number; type: string; body: string} = {status: 200, type: 'application/json', body: 'null'};

beforeAll(async () => {
	server = await startTestServer();
	server.handle((_request, res) => {
		res.writeHead(next.status, {'content-type': next.type, 'content-length': Buffer.byteLength(next.body)});
		res.end(next.body);
	});
	client = createClient({baseUrl: server.url, apiKey: KEY, maxResponseBytes: 64 * 1024});
});
afterAll(async () => {
	await client.close();
	await server.close();
});

const calls: ((c: OpenHandsClient) => Promise<unknown>)[] = [
	c => c.getSettings(),
	c => c.searchConversations(),
	c => c.getConversations(['ca3b40cdc88c4d06b14b1cff914b81cb', 'x']),
	c => c.countConversations(),
	c => c.createConversation({initialMessage: 'hi'}),
	c => c.getStartTasks(['558ede66eac6436abdcfe41e551c0389']),
	c => c.searchStartTasks(),
	c => c.searchSandboxes(),
	c => c.getSandboxes(['a']),
	c => c.startSandbox(),
	c => c.pauseSandbox('a'),
	c => c.resumeSandbox('a'),
	c => c.searchSpecs(),
	c => c.getSpecs(['a']),
];

const bodies = fc.oneof(
	fc.json(),
	fc.anything().map(value => {
		try {
			return JSON.stringify(value) ?? 'undefined';
		} catch {
			return String(value);
		}
	}),
	fc.string(),
	// JSON cut short
	fc.tuple(fc.json(), fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
	// the key echoed inside otherwise plausible error bodies
	fc.string().map(text => JSON.stringify({detail: `${text}${KEY}${text}`})),
);

describe('property: any body never makes a call throw anything but ApiError', () => {
	it('holds for arbitrary JSON / text bodies, statuses and content types', async () => {
		await fc.assert(
			fc.asyncProperty(
				bodies,
				fc.constantFrom(200, 200, 200, 201, 400, 401, 403, 404, 422, 429, 500, 502, 503),
				fc.constantFrom('application/json', 'text/plain', 'text/html', ''),
				fc.nat({max: calls.length - 1}),
				async (body, status, type, which) => {
					next = {status, type, body};
					try {
						await calls[which]!(client);
					} catch (error) {
						expect(error).toBeInstanceOf(ApiError);
						const {message} = error as ApiError;
						expect(message).not.toContain(KEY);
						expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
						expect(message.length).toBeLessThanOrEqual(300);
					}
				},
			),
			{numRuns: 300},
		);
	});
});
