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

	it('a base URL still to come holds the calls until it is known (the demo server starts after the first frame)', async () => {
		const loader = countingLoader();
		let started!: (url: string) => void;
		const client = createLazyClient({baseUrl: new Promise<string>(resolve => (started = resolve))}, loader.load);
		expect(client.baseUrl).toBe('');
		let answered = false;
		const call = client.searchSandboxes({limit: 1}).then(page => {
			answered = true;
			return page;
		});
		server = await startStandInServer({rateLimit: false});
		// the loader may run meanwhile, but no request can go out without the address
		await new Promise(resolve => setImmediate(resolve));
		expect(answered).toBe(false);
		expect(server.requests).toEqual([]);
		started(`${server.url}/`);
		expect((await call).items).toHaveLength(1);
		expect(client.baseUrl).toBe(server.url);
		expect(server.requests.map(r => r.path)).toEqual(['/api/v1/sandboxes/search']);
		await client.close();
		expect(loader.made).toEqual([{closed: true}]);
	});

	it('a base URL that never comes rejects every call with its error, and close() still resolves', async () => {
		const loader = countingLoader();
		const client = createLazyClient({baseUrl: Promise.reject(new Error('listen EADDRINUSE'))}, loader.load);
		await expect(client.getSettings()).rejects.toThrow('listen EADDRINUSE');
		await expect(client.searchSpecs({})).rejects.toThrow('listen EADDRINUSE');
		await client.close();
		expect(loader.made).toEqual([]);
	});
});
