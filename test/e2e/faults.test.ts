// The built app in a real pty against a server that fails on demand (test/support/faultServer.ts).
// For each fault: start healthy on the Sandboxes tab, switch the fault on, Ctrl-r, and check the
// app keeps running, names the problem in one line, keeps the last good rows on screen marked
// stale; then heal the server and check it recovers with no key press (or, where the app rightly
// waits minutes before retrying, a 401 or a 5-minute Retry-After, with Ctrl-r).
// Cases run in concurrent groups (one app each) to keep the file fast on two cores. The client's
// 15 s headers time-out and 30 s request deadline are not configurable from the command line, so
// the "headers delayed" and "trickling body" cases wait them out alongside the others.
// Terminal restore after q, Ctrl-c, SIGTERM, SIGHUP is covered by test/e2e/app.test.ts.
import {beforeAll, describe, type ExpectStatic, it} from 'vitest';
import {buildOnce, type PtySession} from './pty.js';
import {headerLine, isAlive, lines, sleep, STATUS_WORD, startApp, waitForScreen} from '../support/appSession.js';
import {type Fault, faults, type FaultScope} from '../support/faults.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {slowFaults} from '../support/slowFaults.js';
import type {StandInOptions} from '../../source/server/types.js';

const KEY = 'sk-oh-faults-5c1e9a7b3d2f';

type Case = {
	name: string;
	fault: Fault;
	scope?: FaultScope;
	/** the one-line message (ApiError texts, source/api/transport/errorFromResponse.ts, toApiError.ts, parseBody.ts) */
	message: RegExp;
	/** the key that makes the app hit the fault: Ctrl-r by default */
	trigger?: string;
	/** a failed poll marks the data stale; a failed action leaves the list fresh */
	stale?: boolean;
	waitMs?: number;
	/** the key that makes the app try again after the heal (a 401 or a long Retry-After waits minutes) */
	recoverKey?: string;
	/** rows the fault makes unreadable: that many of the last good rows leave the screen; 'scrolls': the trigger moves the view */
	dropsRows?: number | 'scrolls';
	/** further checks while the fault is on */
	check?: (server: FaultServer, expect: ExpectStatic) => Promise<void>;
};

const HOST = String.raw`127\.0\.0\.1:\d+`;

const connectionCases: Case[] = [
	{name: 'connection refused', fault: faults.refuse(), message: new RegExp(`cannot reach ${HOST} \\(connection refused\\)`)},
	{
		name: 'server closing connections',
		fault: faults.reset(),
		message: new RegExp(`cannot reach ${HOST} \\(connection (reset|closed)\\)|connection to ${HOST} closed`),
	},
	// held past the client's 15 s headers time-out
	{name: 'headers delayed past the time-out', fault: faults.delayHeaders(25_000), message: /server did not answer within 15 s/, waitMs: 25_000},
];

const statusCases: Case[] = [
	// a wrong key is retried once a minute (issue 9 item 11): Ctrl-r tries again at once
	{name: '401', fault: faults.unauthorized(), message: /unauthorized \(401\): check the API key/, recoverKey: '\u0012'},
	{name: '403', fault: faults.forbidden(), message: /unauthorized \(403\): EmailNotVerifiedError/, recoverKey: '\u0012'},
	{name: '422', fault: faults.validation(), message: /invalid request: query\.limit: Input should be greater than 0/},
	{name: '429 with Retry-After', fault: faults.tooManyRequests(1), message: /rate limited \(429\): Too many requests/},
	{name: '500 text/plain', fault: faults.internalError(), message: /server error \(500\): Internal Server Error/},
	{name: '502 with an HTML body', fault: faults.badGateway(), message: /server error \(502\): bad gateway/},
];

const bodyCases: Case[] = [
	{name: '200 with an HTML page', fault: faults.spaPage(), message: /expected JSON but got an HTML page/},
	{name: 'truncated JSON', fault: faults.truncated(), message: /response is not valid JSON/},
	{name: 'a body that fails the schema', fault: faults.badSchema(), message: /unexpected response: items\.0\.status/},
	{name: 'a 20 MB body', fault: faults.huge(), message: /response too large \(over 8 MB\)/},
	{
		name: '404 on a listed sandbox (pause)',
		fault: faults.notFound(),
		scope: {method: 'POST', path: /\/pause$/},
		trigger: 'p',
		message: /not found \(404\)/,
		stale: false,
	},
];

const SEARCH = '/api/v1/sandboxes/search';

/** Search requests the server sees in the next `ms` (real time). */
async function searchesDuring(server: FaultServer, ms: number): Promise<number> {
	const before = server.requests.filter(r => r.path === SEARCH).length;
	await sleep(ms);
	return server.requests.filter(r => r.path === SEARCH).length - before;
}

// Issue 9: what a lying or slow server did to the app, seen on the screen.
const hardeningCases: Case[] = [
	{
		// items 5 and 11 of the issue: 3,000,000 s overflowed Node's timer: 10 requests a second and
		// TimeoutOverflowWarning lines over the screen
		name: '429 with Retry-After: 3000000',
		fault: faults.tooManyRequests(3_000_000),
		scope: {path: SEARCH},
		message: /rate limited \(429\): Too many requests; retry in 300 s/,
		recoverKey: '\u0012',
		check: async (server, expect) => expect(await searchesDuring(server, 3000)).toBeLessThanOrEqual(1),
	},
	{
		name: '429 with an HTTP-date Retry-After in 9999',
		fault: faults.status(429, '{"message":"Too many requests"}', 'application/json', {'Retry-After': 'Fri, 31 Dec 9999 23:59:59 GMT'}),
		scope: {path: SEARCH},
		message: /rate limited \(429\): Too many requests; retry in 300 s/,
		recoverKey: '\u0012',
		check: async (server, expect) => expect(await searchesDuring(server, 3000)).toBeLessThanOrEqual(1),
	},
	{
		// item 10: one unreadable item blanked the whole list
		name: 'two unreadable items among the rows',
		fault: slowFaults.breakItems([1, 2], (item, index) => (index === 1 ? {...item, created_at: '10000-01-01T00:00:00Z'} : {...item, id: undefined})),
		scope: {path: SEARCH},
		message: /2 items could not be read/,
		stale: false,
		dropsRows: 2,
	},
	{
		// item 3: G looped for ever (9 requests a second) when pages pointed back
		name: 'G over pages that point back',
		fault: slowFaults.pagesPointBack(),
		scope: {path: SEARCH},
		trigger: 'G',
		dropsRows: 'scrolls',
		// (which of the two depends on what was loaded before: both end the loop)
		message: /stopped loading sandboxes: (page 0 brought nothing new but named a next page|the server's next page points back to page \d+)/,
		stale: false,
		// a poll a second (--refresh 1) and nothing else
		check: async (server, expect) => expect(await searchesDuring(server, 3000)).toBeLessThanOrEqual(5),
	},
];

// item 4: the body time-out restarts at each byte; only the 30 s overall deadline ends this
const trickleCases: Case[] = [
	{
		name: 'a body trickling a byte a second',
		fault: slowFaults.trickle(1000),
		scope: {path: SEARCH},
		message: /server did not finish answering within 30 s/,
		waitMs: 40_000,
	},
];

const oneLine = (screen: string, pattern: RegExp) => screen.split('\n').some(line => pattern.test(line));
const healthy = (session: PtySession) => /\sok$/.test(headerLine(session));

/** The id column of the rows on screen: what "the last good data" looks like. */
function visibleIds(session: PtySession): string[] {
	return lines(session)
		.filter(line => STATUS_WORD.test(line))
		.map(line => line.replace(/^[›>\s]+/, '').split(/\s+/)[0]!)
		.filter(Boolean);
}

async function runGroup(expect: ExpectStatic, cases: Case[], upstream: StandInOptions = {}): Promise<void> {
	const server: FaultServer = await startFaultServer({upstream: {bootMs: 0, apiKey: KEY, ...upstream}});
	const app = startApp({url: server.url, key: KEY});
	try {
		await app.waitForText('Sandboxes');
		app.press('3');
		await waitForScreen(app, screen => STATUS_WORD.test(screen) && healthy(app), 'sandboxes, healthy');
		for (const c of cases) {
			const ids = visibleIds(app);
			expect(ids.length, c.name).toBeGreaterThan(0);
			await server.set(c.fault, c.scope);
			app.press(c.trigger ?? '\u0012');
			const screen = await waitForScreen(app, s => oneLine(s, c.message), `${c.name}: ${String(c.message)}`, c.waitMs);
			expect(isAlive(app.pid), c.name).toBe(true);
			// the last good rows stay on screen
			if (c.dropsRows !== 'scrolls') expect(ids.filter(id => !screen.includes(id)).length, c.name).toBe(c.dropsRows ?? 0);
			if (c.stale !== false) expect(headerLine(app), c.name).toMatch(/stale/);
			await c.check?.(server, expect);
			await server.heal();
			if (c.recoverKey) app.press(c.recoverKey);
			// no key press: the next retry finds the server well again
			await waitForScreen(
				app,
				s => healthy(app) && (c.stale === false || !oneLine(s, c.message)) && STATUS_WORD.test(s),
				`${c.name}: recovery`,
				12_000,
			);
		}
		expect(app.raw).not.toContain(KEY);
		// nothing printed behind Ink's back
		expect(app.raw).not.toContain('TimeoutOverflowWarning');
		app.press('q');
		expect((await app.waitForExit()).exitCode).toBe(0);
	} finally {
		app.dispose();
		await server.close();
	}
}

beforeAll(() => {
	buildOnce();
}, 120_000);

describe.concurrent('faults: the app keeps running, names the problem, keeps stale data, recovers', () => {
	it('connection faults: refused, reset, headers delayed', async ({expect}) => runGroup(expect, connectionCases), 80_000);
	it('HTTP status faults: 401, 403, 422, 429, 500, 502', async ({expect}) => runGroup(expect, statusCases), 80_000);
	it('body faults: SPA page, truncated, wrong schema, 20 MB, 404 on pause', async ({expect}) => runGroup(expect, bodyCases), 80_000);
	it('a lying server: huge Retry-After, unreadable items, pages that point back', async ({expect}) =>
		runGroup(expect, hardeningCases, {seed: {sandboxes: 150}}), 120_000);
	it('a trickling body ends at the request deadline', async ({expect}) => runGroup(expect, trickleCases), 80_000);
});
