// Issue 11: a terminal kept open calls the user when an agent needs them: the BEL bytes the bundled
// app writes in a real pty, exactly once per transition, none for states present at start, none
// while the user looks at that conversation.
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {hexId, startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {buildOnce, spawnCli, type PtySession} from './pty.js';

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

const BEL = '\u0007';
const count = (text: string, what: string) => text.split(what).length - 1;
const A = hexId(0xa);
const B = hexId(0xb);

/** Waits until the app has polled `n` more times (the list, or the open activity's events). */
async function polls(s: ConversationServer, n: number, timeoutMs = 15_000): Promise<void> {
	const reads = () => s.seen.filter(r => r.line.startsWith('GET /api/v1/app-conversations') || r.line.includes('events/search')).length;
	const target = reads() + n;
	const deadline = Date.now() + timeoutMs;
	while (reads() < target) {
		if (Date.now() > deadline) throw new Error(`only ${reads()} of ${target} conversation reads: ${s.seen.map(r => r.line).join("\n")}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

describe('notifications in a real terminal', () => {
	it('one BEL per transition; none for what was there at start; none while looking at it', {timeout: 90_000}, async () => {
		server = await startConversationServer([
			{id: A, title: 'Alpha task', status: 'running'},
			{id: B, title: 'Beta waits since before start', status: 'waiting_for_confirmation'},
		]);
		app = spawnCli({args: ['--url', server.url, '--refresh', '1'], cols: 120, rows: 30});
		await app.waitForText('Alpha task');
		await polls(server, 2);
		expect(count(app.raw, BEL)).toBe(0);

		server.move(A, 'waiting_for_confirmation');
		await app.waitForText('1 needs you (!)');
		await polls(server, 3);
		expect(count(app.raw, BEL)).toBe(1);

		// looking at Alpha (its activity open): the item goes, and a transition there calls nobody
		app.press('l');
		await app.waitForText(/Esc back/);
		await app.waitForText(/^(?![\s\S]*needs you)/);
		server.move(A, 'stuck');
		await polls(server, 3);
		expect(count(app.raw, BEL)).toBe(1);
		app.press('\u001B');
		await app.waitForText('Beta waits since before start');
		await polls(server, 2);
		expect(count(app.raw, BEL)).toBe(1);
		expect(app.screenText()).not.toContain('needs you');

		// the next transition calls again, once
		server.move(A, 'finished');
		await app.waitForText('1 needs you (!)');
		await polls(server, 3);
		expect(count(app.raw, BEL)).toBe(1 + 1);

		app.press('q');
		await app.waitForExit();
	});
});
