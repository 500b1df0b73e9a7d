// One vocabulary (issue 26 item 6): `ohtui ls`, `show`, `wait`, `status`, `--status` and completion say
// a conversation's state in the app's glyphs and words (present/states.ts, which the Conversations
// list's STATE column reads too), and `--status` takes exactly the words the table shows.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {lookText, rowLook, STATUS_WORDS, type RowState} from '../../source/present/states.js';
import {ohtui, rows, tempHome, type Home} from './harness.js';

type Listed = {id: string; title: string; state: RowState; needs_you: string | null; execution_status: string | null; sandbox_status: string};

describe('one vocabulary for the app and the commands', () => {
	let server: StandInServer;
	let home: Home;
	let env: Record<string, string>;
	let listed: Listed[];
	/** each row's STATE cell in a terminal, by id prefix */
	let cells: Map<string, string>;

	beforeAll(async () => {
		server = await startStandInServer({generation: 'current', live: false, rateLimit: false, bootMs: 0});
		home = tempHome();
		env = {...home.env, OPENHANDS_URL: server.url};
		listed = JSON.parse((await ohtui(['ls', '--json'], {env})).out) as Listed[];
		const table = (await ohtui(['ls'], {env, columns: 120})).out.trimEnd().split('\n').slice(1);
		cells = new Map(table.map(line => [line.slice(0, 8), line.split(/\s{2,}/)[1]!]));
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it('ls in a terminal: each STATE cell is the app\'s (glyph and word), and `!` is only ever stuck', () => {
		expect(cells.size).toBe(listed.length);
		for (const c of listed) expect(cells.get(c.id.slice(0, 8)), c.title).toBe(lookText(rowLook(c, c.state)));
		const shown = [...cells.values()];
		expect(shown).toEqual(expect.arrayContaining(['? waiting', '✗ error', '! stuck', '▶ running', '· idle', '· finished', '‖ paused', '– missing']));
		expect(shown.filter(cell => cell.startsWith('!'))).toEqual(['! stuck']);
		expect(shown.join('\n')).not.toMatch(/confirm\?|\bgone\b/);
	});

	it('--status takes every word the table shows (a state\'s name its whole state); a wrong one lists them', async () => {
		const words = new Set([...cells.values()].map(cell => cell.split(' ')[1]!));
		for (const word of words) {
			const run = await ohtui(['ls', '--status', word], {env, columns: 120});
			expect(run.code, `${word}: ${run.err}`).toBe(0);
			const got = run.out.trimEnd().split('\n').slice(1).map(line => line.split(/\s{2,}/)[1]!);
			expect(got.length, word).toBeGreaterThan(0);
			expect(got.every(cell => cell.endsWith(` ${word}`) || listed.some(c => c.state === word)), `${word}: ${got.join(', ')}`).toBe(true);
		}
		// gone includes missing; finished includes a finish seen
		const gone = rows((await ohtui(['ls', '--status', 'gone'], {env})).out);
		expect(gone.length).toBe(listed.filter(c => c.state === 'gone').length);
		const finished = await ohtui(['ls', '--status', 'finished', '--json'], {env});
		expect((JSON.parse(finished.out) as Listed[]).every(c => c.execution_status === 'finished')).toBe(true);
		const wrong = await ohtui(['ls', '--status', 'confirm?'], {env});
		expect([wrong.code, wrong.out]).toEqual([2, '']);
		expect(wrong.err).toContain(`expected any of ${STATUS_WORDS.join(', ')}`);
	});

	it('--json and a pipe keep the state\'s name; show and wait say it as the app does', async () => {
		expect(new Set(rows((await ohtui(['ls'], {env})).out).map(r => r[1]))).toEqual(new Set(listed.map(c => c.state)));
		const waiting = listed.find(c => c.state === 'waiting')!;
		expect((await ohtui(['show', waiting.id, '--events', '0'], {env})).out).toMatch(/^state\s+\? waiting \(needs you\)$/m);
		expect((await ohtui(['wait', waiting.id], {env})).out).toBe('waiting\n');
		const missing = listed.find(c => c.sandbox_status === 'MISSING')!;
		expect((await ohtui(['show', missing.id, '--events', '0'], {env})).out).toMatch(/^state\s+– missing$/m);
	});

	it('completion offers the same words for --status, and conversations attention first with their state', async () => {
		const script = (await ohtui(['completion', 'bash'], {env})).out;
		expect(script).toContain(`--status) COMPREPLY=($(compgen -W '${STATUS_WORDS.join(' ')}'`);
		expect((await ohtui(['status', '--fresh'], {env})).code).toBe(0);
		const candidates = (await ohtui(['__complete', 'conversations'], {env})).out.trimEnd().split('\n').map(line => line.split('\t'));
		expect(candidates).toHaveLength(listed.length);
		// `ohtui approve <Tab>`: what waits first, in ls's order, each with the app's cell
		expect(candidates.map(([id]) => id)).toEqual(listed.map(c => c.id));
		expect(candidates[0]![1]).toBe(`? waiting · ${listed[0]!.title}`);
		for (const [id, text] of candidates) expect(text!.split(' · ')[0]).toBe(cells.get(id!.slice(0, 8)));
	});
});
