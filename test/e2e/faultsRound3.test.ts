// The fault suite grows by issue 21's cases, in a real pty over real HTTP through the fault server
// (test/support/faultServer.ts): a kept connection closed under a poll (item 5), a single 401 right
// after a success (item 17), and event pages that loop while the activity follows (item 10).
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {buildOnce, type PtySession} from './pty.js';
import {headerLine, isAlive, STATUS_WORD, startApp, waitForScreen} from '../support/appSession.js';
import {faults} from '../support/faults.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {rewriteJson} from '../support/slowFaults.js';

const KEY = 'sk-oh-round3-7c2e9a4b1d';
const SEARCH = '/api/v1/sandboxes/search';
const healthy = (session: PtySession) => /\sok$/.test(headerLine(session));
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

let server: FaultServer | undefined;
let app: PtySession | undefined;

beforeAll(() => {
	buildOnce();
}, 120_000);

afterEach(async () => {
	app?.dispose();
	app = undefined;
	await server?.close();
	server = undefined;
});

async function onSandboxes(): Promise<{server: FaultServer; app: PtySession}> {
	server = await startFaultServer({upstream: {bootMs: 0, apiKey: KEY}});
	app = startApp({url: server.url, key: KEY});
	await app.waitForText('Sandboxes');
	app.press('3');
	await waitForScreen(app, screen => STATUS_WORD.test(screen) && healthy(app!), 'sandboxes, healthy');
	return {server, app};
}

describe('issue 21 faults', () => {
	it('item 5: a kept connection closed as a poll arrives is asked again on a new one: no offline flash', {timeout: 60_000}, async () => {
		const {server, app} = await onSandboxes();
		const before = app.raw.length;
		// two polls, each meeting a connection closed with no answer on its first attempt
		await server.set(faults.reset(), {path: SEARCH, times: 1});
		await sleep(2500);
		await server.set(faults.reset(), {path: SEARCH, times: 1});
		await sleep(2500);
		expect(server.requests.filter(r => r.path === SEARCH && r.fault === 'reset')).toHaveLength(2);
		const since = app.raw.slice(before);
		expect(since).not.toMatch(/offline|connection to .* closed|cannot reach/);
		expect(healthy(app)).toBe(true);
	});

	it('item 17: one 401 right after a success is asked again at once, and the list comes back by itself', {timeout: 60_000}, async () => {
		const {server, app} = await onSandboxes();
		await server.set(faults.unauthorized(), {path: SEARCH, times: 1});
		await waitForScreen(app, screen => /unauthorized \(401\)/.test(screen), 'the 401 said');
		// no key press: before, the next try came a minute later
		await waitForScreen(app, screen => healthy(app) && !/unauthorized/.test(screen), 'back by itself', 8000);
		expect(isAlive(app.pid)).toBe(true);
	});

	it('item 10: event pages that loop while following cost a few searches an interval, and say so', {timeout: 60_000}, async () => {
		server = await startFaultServer({upstream: {bootMs: 0, apiKey: KEY, seed: {events: 40}}});
		await server.set(
			rewriteJson('eventPagesLoop', (value, url) =>
				url.searchParams.get('sort_order') === 'TIMESTAMP' ? {...(value as object), next_page_id: url.searchParams.get('page_id') === '100' ? '0' : '100'} : value,
			),
			{path: /\/events\/search$/},
		);
		// no socket (a proxy that refuses upgrades): the view follows by searches, where the pages loop
		server.upstream.agentSockets.setRefuseUpgrades(true);
		app = startApp({url: server.url, key: KEY});
		await app.waitForText(/REPOSITORY[\s\S]*(RUNNING|PAUSED)/, 20_000);
		for (let i = 0; i < 20 && !/›.*RUNNING/.test(app.screenText()); i++) {
			app.press('j');
			await sleep(200);
		}
		app.press('l');
		await app.waitForText('Esc back', 15_000);
		const searches = () => server!.requests.filter(r => r.path.endsWith('/events/search') && /sort_order=TIMESTAMP(&|$)/.test(r.query)).length;
		await sleep(2000);
		const start = searches();
		await sleep(10_000);
		// refresh 1 s: ten intervals; before, six searches a second
		expect(searches() - start).toBeLessThanOrEqual(10 * 3);
		expect(app.raw).toMatch(/stopped reading events: .*page/);
	});
});
