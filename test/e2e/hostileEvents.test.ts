// Issue 21 item 4 in a real terminal: an event whose `kind` and `id` are 250,000 characters long
// (a hostile or broken server) froze ohtui for 100 s and more when its pager opened (q and Ctrl-c
// ignored): wrapping searched back for a space from every row, on every render. The app must draw
// it, and answer q and Ctrl-c at once, from the list, the activity and the pager.
import {describe, expect, it} from 'vitest';
import {startActivityServer} from '../support/activityServer.js';
import {activityPty} from '../support/activityPty.js';
import {makeEvent} from '../support/eventData.js';
import {spawnCli, type PtySession} from './pty.js';

const CONV = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const LONG = 250_000;

const held = activityPty();

async function withHugeEvent(): Promise<PtySession> {
	const server = (held.server = await startActivityServer('current'));
	const start = Date.UTC(2025, 10, 15, 8, 0, 0);
	const events = Array.from({length: 20}, (_, n) => makeEvent(n, start + n * 1000));
	events.push({kind: 'K'.repeat(LONG), id: 'i'.repeat(LONG), timestamp: '2025-11-15T08:00:30.000001', source: 'agent', message: 'x'.repeat(LONG)});
	server.sandboxes.set('sb-huge', {id: 'sb-huge', status: 'RUNNING', key: 'sess-huge'});
	server.conversations.set(CONV, {id: CONV, sandboxId: 'sb-huge', title: 'A conversation with a huge event', execution: 'idle', events});
	const session = spawnCli({args: ['--url', server.url, '--refresh', '2'], cols: 120, rows: 40});
	await session.waitForText('A conversation with a huge event', 20_000);
	session.press('l');
	// the newest event (the huge one) is the selected row while following
	await session.waitForText(/^› .*KKKKKKKKKK/m, 20_000);
	return session;
}

describe('an event with a 250,000-character kind and id', () => {
	it('its row and its pager draw, and q quits at once from the pager', {timeout: 90_000}, async () => {
		const app = (held.app = await withHugeEvent());
		app.press('\r');
		await app.waitForText(/id iiiiiiiiii/, 20_000);
		await app.waitForText(/250000 characters/, 20_000);
		app.press('q');
		const exit = await app.waitForExit(10_000);
		expect(exit.exitCode).toBe(0);
	});

	it('Ctrl-c quits at once from the pager scrolled into the long lines', {timeout: 90_000}, async () => {
		const app = (held.app = await withHugeEvent());
		app.press('\r');
		await app.waitForText(/id iiiiiiiiii/, 20_000);
		app.press('G');
		app.press('\u0003');
		const exit = await app.waitForExit(10_000);
		expect(exit.exitCode).toBe(0);
	});
});
