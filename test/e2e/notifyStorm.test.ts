// A notification storm (issue 21 item 8) in a real pty: 25 s of flapping, in a file of its own so
// it runs beside the other notification tests instead of after them.
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {hexId, startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {buildOnce, spawnCli, type PtySession} from './pty.js';
import {A, B, BEL, ESC, count, polls} from './notifyParts.js';

beforeAll(() => {
	buildOnce();
});

let app: PtySession | undefined;
let server: ConversationServer | undefined;
afterEach(async () => {
	app?.dispose();
	app = undefined;
	await server?.close();
	server = undefined;
});

describe('notification storms (issue 21 item 8)', () => {
	const OSC777 = `${ESC}]777;notify;ohtui;`;

	it('four conversations flapping every 1.5 s: three at once, then one every 20 s saying how many it stands for', {timeout: 90_000}, async () => {
		const ids = [A, B, hexId(0xc), hexId(0xd)];
		server = await startConversationServer(ids.map((id, i) => ({id, title: `Flapper ${i + 1}`, status: 'running'})));
		app = spawnCli({args: ['--url', server.url, '--refresh', '1', '--notify', 'both'], env: {TERM: 'foot'}, cols: 120, rows: 30});
		await app.waitForText('Flapper 4');
		await polls(server, 2);
		const states = ['waiting_for_confirmation', 'running', 'finished', 'running'];
		let flip = 0;
		const started = Date.now();
		while (Date.now() - started < 24_000) {
			for (const id of ids) server.move(id, states[flip % states.length]!);
			flip++;
			// eslint-disable-next-line no-await-in-loop
			await new Promise(resolve => setTimeout(resolve, 1500));
		}
		await polls(server, 2);
		const told = app.raw.split(OSC777).slice(1).map(part => part.slice(0, part.indexOf(`${ESC}\\`)));
		// before: a notification and a BEL for every transition (about 60 in these 24 s)
		expect(told.length).toBeGreaterThanOrEqual(3);
		expect(told.length).toBeLessThanOrEqual(5);
		expect(count(app.raw, BEL)).toBe(told.length);
		expect(told.slice(3).every(body => /\(\+\d+ more\)$/.test(body))).toBe(true);
		app.press('q');
		await app.waitForExit();
	});
});
