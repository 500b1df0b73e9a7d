// Issue 21 item 17 over real HTTP: a server that 401s the first call of each path (the key is fine)
// must neither make the probe switch to Bearer nor stop a list for a minute: a single 401 right
// after a success is asked once more before backing off. A key that stays refused still waits.
import {afterEach, describe, expect, it} from 'vitest';
import type {Generation} from '../../source/api/client.js';
import {createClient} from '../../source/api/createClient.js';
import {faults} from '../support/faults.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {clockedStore} from './harness.js';
import {ManualClock} from './manualClock.js';

const KEY = 'sk-oh-flaky-auth-7Tq2';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

async function setup(generation: Generation, attentionCheck = false) {
	const server = await startFaultServer({upstream: {generation, bootMs: 0, apiKey: KEY}});
	cleanup.push(() => server.close());
	const settingsPath = generation === 'current' ? '/api/v1/settings' : '/api/settings';
	// the first call of the path the probe settles on is refused, as an OSS server refuses a key
	await server.add(faults.unauthorized(), {path: settingsPath, times: 1});
	const clock = new ManualClock();
	const client = createClient({baseUrl: server.url, apiKey: KEY});
	const made = clockedStore(clock, client, {visible: 'sandboxes', attentionCheck});
	cleanup.push(made.closeStore);
	return {server, ...made};
}

const searches = (server: FaultServer) => server.requests.filter(r => r.path === '/api/v1/sandboxes/search');

describe.each<Generation>(['legacy', 'current'])('%s: a server that 401s the first call of a path', generation => {
	it('the probe keeps the session key (it does not conclude Bearer / cloud)', async () => {
		const {client, server} = await setup(generation);
		const info = await client.serverInfo();
		expect(info).toMatchObject({generation, auth: 'session'});
		expect(info.label).not.toMatch(/cloud/);
		expect(server.requests.filter(r => r.fault === 'status')).toHaveLength(1);
	});

	it('a single 401 after a success is asked again after a second, not after a minute', async () => {
		const {server, store, advance, settle} = await setup(generation);
		store.start();
		await settle();
		expect(store.getSnapshot().sandboxes.error).toBeNull();
		await server.add(faults.unauthorized(), {path: '/api/v1/sandboxes/search', times: 1});
		await advance(5000);
		expect(store.getSnapshot().sandboxes.error?.kind).toBe('unauthorized');
		const before = searches(server).length;
		await advance(1500);
		expect(searches(server)).toHaveLength(before + 1);
		expect(store.getSnapshot().sandboxes.error).toBeNull();
	});

	it('a list whose very first call is refused, after the server took the key for another: asked again after a second (issue 27 item 12)', async () => {
		const {server, store, advance, settle} = await setup(generation);
		store.setVisible('conversations');
		store.start();
		await settle();
		expect(store.getSnapshot().conversations.error).toBeNull();
		// the server refuses the first call of a path it has not served yet (d6fab190: the sandbox list waited 55 s)
		await server.add(faults.unauthorized(), {path: '/api/v1/sandboxes/search', times: 1});
		store.setVisible('sandboxes');
		await settle();
		expect(store.getSnapshot().sandboxes.error?.kind).toBe('unauthorized');
		expect(searches(server)).toHaveLength(1);
		await advance(1500);
		expect(searches(server)).toHaveLength(2);
		expect(store.getSnapshot().sandboxes.error).toBeNull();
		expect(store.getSnapshot().sandboxes.data?.length).toBeGreaterThan(0);
	});

	it('the background check answered counts as the key taken: the sandbox list refused once after it is asked again after a second (issue 27 item 12, as the app met it)', async () => {
		const {server, store, advance, settle} = await setup(generation, true);
		// the conversation list's first call refused, and each preview's (d6fab190 refuses the first call
		// of each path, and each conversation's events are a path of their own): the list's rows come
		// from the background check meanwhile, the one read the server answers
		await server.add(faults.unauthorized(), {path: '/api/v1/app-conversations/search', times: 1});
		await server.add(faults.unauthorized(), {path: /\/events\/search$/});
		store.setVisible('conversations');
		store.start();
		await settle();
		expect(store.getSnapshot().conversations.error?.kind).toBe('unauthorized');
		await advance(6000);
		const checks = server.requests.filter(r => r.path === '/api/v1/app-conversations/search' && r.fault === null);
		expect(checks.length).toBeGreaterThan(0);
		await server.add(faults.unauthorized(), {path: '/api/v1/sandboxes/search', times: 1});
		store.setVisible('sandboxes');
		await settle();
		expect(store.getSnapshot().sandboxes.error?.kind).toBe('unauthorized');
		// before: 'retrying in 57s', the only successes being the background check's
		await advance(1500);
		expect(searches(server)).toHaveLength(2);
		expect(store.getSnapshot().sandboxes.error).toBeNull();
	});

	it("the conversation list's own first 401, right after the probe read the settings with the key: asked again after a second (issue 27 item 12)", async () => {
		const {server, store, advance, settle} = await setup(generation);
		// the probe's settings read is the only success before it: the list opened on 'retrying in 55s'
		await server.add(faults.unauthorized(), {path: '/api/v1/app-conversations/search', times: 1});
		store.setVisible('conversations');
		store.start();
		await settle();
		expect(store.getSnapshot().conversations.error?.kind).toBe('unauthorized');
		const listed = () => server.requests.filter(r => r.path === '/api/v1/app-conversations/search');
		expect(listed()).toHaveLength(1);
		await advance(1500);
		expect(listed()).toHaveLength(2);
		expect(store.getSnapshot().conversations.error).toBeNull();
	});

	it('a later success brings a list waiting out a single 401 back within a second (issue 27 item 12)', async () => {
		const {server, store, advance, settle} = await setup(generation, true);
		// the probe's settings read refused each time it asks (3 with setup's): nothing has taken the key yet
		await server.add(faults.unauthorized(), {path: generation === 'current' ? '/api/v1/settings' : '/api/settings', times: 2});
		await server.add(faults.unauthorized(), {path: '/api/v1/sandboxes/search', times: 1});
		store.start();
		await settle();
		expect(store.getSnapshot().server?.auth).toBe('session');
		expect(store.getSnapshot().sandboxes.error?.kind).toBe('unauthorized');
		expect(store.getSnapshot().sandboxes.retryAt).toBeGreaterThan(50_000);
		// the background check, answered, says the key is taken: the list need not wait the minute
		await advance(1500);
		expect(store.getSnapshot().sandboxes.error).toBeNull();
		expect(store.getSnapshot().sandboxes.data?.length).toBeGreaterThan(0);
	});

	it('a key refused twice in a row waits the minute', async () => {
		const {server, store, advance, settle} = await setup(generation);
		store.start();
		await settle();
		await server.add(faults.unauthorized(), {path: '/api/v1/sandboxes/search'});
		await advance(5000);
		await advance(1500);
		const after = searches(server).length;
		await advance(50_000);
		expect(searches(server)).toHaveLength(after);
		expect(store.getSnapshot().sandboxes.error?.message).toMatch(/check the API key/);
	});
});
