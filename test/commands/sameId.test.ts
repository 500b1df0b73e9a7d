// Issue 27 item 15: the same whole id on two servers (a copied database, a restored backup). More of
// the id cannot tell them apart, so the server is named: `laptop:3f2a91c0` or `--server laptop`, on
// every command that takes an id, and the ambiguity says so. Completion offers the qualified forms.
import {chmodSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {ohtui, tempHome, type Home} from './harness.js';

const SHARED = `3f2a91c0${'b'.repeat(24)}`;
const ONLY_WORK = 'c'.repeat(32);
const NEAR_SHARED = `3f2a${'d'.repeat(28)}`;
let work: ConversationServer;
let laptop: ConversationServer;
let home: Home;
let env: Record<string, string>;

beforeAll(async () => {
	work = await startConversationServer([
		{id: SHARED, title: 'Copied on work', status: 'running'},
		{id: ONLY_WORK, title: 'Only on work', status: 'running'},
		{id: NEAR_SHARED, title: 'Near the copied one', status: 'finished'},
	]);
	laptop = await startConversationServer([{id: SHARED, title: 'Copied on laptop', status: 'finished'}]);
	home = tempHome();
	env = home.env;
	const dir = join(env['XDG_CONFIG_HOME']!, 'ohtui');
	mkdirSync(dir, {recursive: true});
	writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {work: {url: work.url}, laptop: {url: laptop.url}}, open: 'all'}));
	chmodSync(join(dir, 'config.json'), 0o600);
});
afterAll(async () => {
	await Promise.all([work.close(), laptop.close()]);
	home.remove();
});

describe('the same id on two servers', () => {
	it('the ambiguity names the way out: the server, not more of the id (exit 2)', async () => {
		for (const typed of [SHARED, SHARED.slice(0, 12)]) {
			const run = await ohtui(['show', typed, '--events', '0'], {env});
			expect(run.code).toBe(2);
			const [message, ...candidates] = run.err.trim().split('\n');
			// before: "(give more of the id)", which cannot help
			expect(message).toBe(`ohtui show: ${typed} is ambiguous: 2 conversations match (the same id on 2 servers: name the server, work:${typed} or --server work)`);
			expect(candidates).toEqual([`  work  ${SHARED}  Copied on work`, `  laptop  ${SHARED}  Copied on laptop`]);
		}
	});

	it('a prefix two ids share on the named server, or none has, is answered with the server as typed', async () => {
		// before: "3f2a is ambiguous … (give more of the id)", the `work:` the user typed dropped
		const several = await ohtui(['show', 'work:3f2a', '--events', '0'], {env});
		expect(several.code).toBe(2);
		expect(several.err.split('\n')[0]).toBe('ohtui show: work:3f2a is ambiguous: 2 conversations match (give more of the id)');
		const none = await ohtui(['show', 'laptop:c', '--events', '0'], {env});
		expect([none.code, none.err.trim()]).toEqual([4, 'ohtui show: no conversation id starts with laptop:c']);
	});

	it('SERVER:ID and --server SERVER choose it', async () => {
		const qualified = await ohtui(['show', `laptop:${SHARED}`, '--events', '0'], {env});
		expect([qualified.code, qualified.err]).toEqual([0, '']);
		expect(qualified.out).toMatch(/^title\s+Copied on laptop$/m);
		expect(qualified.out).toMatch(/^server\s+laptop$/m);
		const flagged = await ohtui(['show', SHARED.slice(0, 8), '--server', 'work', '--json', '--events', '0'], {env});
		expect(flagged.code).toBe(0);
		expect(JSON.parse(flagged.out)).toMatchObject({conversation: {server: 'work', title: 'Copied on work'}});
		const waited = await ohtui(['wait', `laptop:${SHARED.slice(0, 8)}`, '--until', 'idle'], {env});
		expect([waited.code, waited.err]).toEqual([0, '']);
		// a prefix only one server has still needs no name
		expect((await ohtui(['show', ONLY_WORK, '--events', '0'], {env})).code).toBe(0);
	});

	it('every command that takes an id takes --server; a server not open or two names that disagree are usage errors', async () => {
		for (const argv of [['show'], ['send', 'hello'], ['approve'], ['reject'], ['pause'], ['run'], ['wait']]) {
			const [name, ...rest] = argv;
			const run = await ohtui([name!, SHARED, ...rest, '--server', 'nosuch'], {env});
			expect(run.code, name).toBe(2);
			expect(run.err.trim(), name).toBe(`ohtui ${name}: no server named nosuch is open (work, laptop; --all or --profile opens more)`);
		}
		const both = await ohtui(['show', `laptop:${SHARED}`, '--server', 'work'], {env});
		expect([both.code, both.err.trim()]).toEqual([2, 'ohtui show: the id names another server than --server']);
		// --profile opens one: the other is not there to name
		const closed = await ohtui(['show', `laptop:${SHARED}`, '--profile', 'work'], {env});
		expect(closed.err.trim()).toBe('ohtui show: no server named laptop is open (work; --all or --profile opens more)');
	});

	it('completion offers each server\'s SERVER:ID for an id on both, the bare id otherwise', async () => {
		expect((await ohtui(['status'], {env})).code).toBe(0);
		const lines = (await ohtui(['__complete', 'conversations'], {env})).out.trim().split('\n');
		expect(lines.map(line => line.split('\t')[0]).sort()).toEqual([`laptop:${SHARED}`, ONLY_WORK, NEAR_SHARED, `work:${SHARED}`].sort());
	});
});
