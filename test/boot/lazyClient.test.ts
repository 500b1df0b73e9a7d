import {afterEach, describe, expect, it} from 'vitest';
import {ApiError} from '../../source/api/errors.js';
import {createClient} from '../../source/api/createClient.js';
import type {ClientOptions} from '../../source/api/client.js';
import {createLazyClient} from '../../source/boot/lazyClient.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';

let server: StandInServer | undefined;

afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** a loader that counts its loads and the clients it made */
function countingLoader() {
	const made: Array<{closed: boolean}> = [];
	let loads = 0;
	return {
		made,
		get loads() {
			return loads;
		},
		async load() {
			loads++;
			return {
				createClient(options: ClientOptions) {
					const real = createClient(options);
					const record = {closed: false};
					made.push(record);
					return {
						...real,
						async close() {
							record.closed = true;
							await real.close();
						},
					};
				},
			};
		},
	};
}

describe('createLazyClient', () => {
	// getSettings asks the generation probe first: legacy has no /api/v1/settings, so /api/settings
	// answers the probe and then the read; current answers on /api/v1/settings, and its flavour is read
	const requests = {
		legacy: ['/api/settings', '/api/settings', '/api/v1/sandboxes/search', '/api/v1/settings'],
		current: ['/api/v1/sandboxes/search', '/api/v1/settings', '/api/v1/settings', '/api/v1/web-client/config'],
	};
	it.each(['legacy', 'current'] as const)('%s: loads nothing until the first call, then once, and answers like the real client', async generation => {
		server = await startStandInServer({generation, rateLimit: false});
		const loader = countingLoader();
		const client = createLazyClient({baseUrl: `${server.url}/`}, loader.load);
		expect(client.baseUrl).toBe(server.url);
		expect(loader.loads).toBe(0);

		const [settings, page] = await Promise.all([client.getSettings(), client.searchSandboxes({limit: 2})]);
		expect(loader.loads).toBe(1);
		expect(settings).not.toBeNull();
		expect(page.items).toHaveLength(2);
		expect(server.requests.map(r => r.path).sort()).toEqual(requests[generation]);

		await client.close();
		expect(loader.made).toEqual([{closed: true}]);
	});

	it('closing before any call loads nothing', async () => {
		const loader = countingLoader();
		const client = createLazyClient({baseUrl: 'http://127.0.0.1:1'}, loader.load);
		await client.close();
		expect(loader.loads).toBe(0);
	});

	it('rejects with the real client ApiError (the default loader)', async () => {
		const client = createLazyClient({baseUrl: 'http://127.0.0.1:1', connectTimeoutMs: 2000});
		const failure = await client.getSettings().catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(ApiError);
		expect((failure as ApiError).kind).toBe('unreachable');
		await client.close();
	});
});
