// The start-up's skeleton (issue 29; boot/skeleton.ts, terminal/skeleton.ts) in a real pty: drawn
// before the TUI's script, replaced by Ink's first frame with nothing of it left, keys typed
// meanwhile reaching the UI, none where the UI would not start with it, and the terminal given
// back when the process ends before Ink draws.
import xterm from '@xterm/headless';
import {describe, expect, it} from 'vitest';
import {alternateScreenOff, alternateScreenOn, cursorShow, ptySessions} from './pty.js';

const {spawn} = ptySessions();
/** the skeleton's write ends by turning autowrap back on (terminal/skeleton.ts): Ink never writes it */
const SKELETON_END = '\u001B[?7h';
const CLEAR = '\u001B[H\u001B[J';
/** Ink's first frame: its footer's hints (the skeleton draws none) */
const INK_FRAME = 'q quit';

async function screenOf(data: string, cols: number, rows: number): Promise<string> {
	const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true, scrollback: 0});
	await new Promise<void>(resolve => terminal.write(data, resolve));
	const buffer = terminal.buffer.active;
	const lines = Array.from({length: rows}, (_, row) => buffer.getLine(row)?.translateToString(true) ?? '');
	terminal.dispose();
	return lines.join('\n');
}

describe('the skeleton', () => {
	it('is drawn first, and Ink\'s first frame replaces it whole: the screen is what Ink alone draws (80x24)', async () => {
		const session = spawn({cols: 80, rows: 24});
		await session.waitForText(INK_FRAME, 20_000);
		const {raw} = session;
		const end = raw.indexOf(SKELETON_END);
		expect(end).toBeGreaterThan(0);
		// the skeleton took the alternate screen; Ink's own entering it again was not passed on
		expect(raw.startsWith(alternateScreenOn)).toBe(true);
		expect(raw.split(alternateScreenOn)).toHaveLength(2);
		const skeleton = await screenOf(raw.slice(0, end + SKELETON_END.length), 80, 24);
		expect(skeleton.split('\n').slice(0, 4)).toEqual([expect.stringMatching(/^ohtui app loading… · agent loading… demo\s*$/), expect.stringMatching(/^1 Settings {2}\[?\s?2 Conversations/), '', '  loading…']);
		// Ink's first write clears the screen before its frame, and what it shows is all Ink's
		const after = raw.slice(end + SKELETON_END.length);
		expect(after.indexOf(CLEAR)).toBeGreaterThanOrEqual(0);
		expect(after.indexOf(CLEAR)).toBeLessThan(after.indexOf('Settings'));
		expect(await screenOf(raw, 80, 24)).toBe(await screenOf(alternateScreenOn + after, 80, 24));
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
		expect(session.bufferType()).toBe('normal');
	}, 30_000);

	it('keeps the keys typed while it shows (raw mode: no echo) and the UI takes them', async () => {
		const session = spawn({env: {OHTUI_TEST_HOLD_SKELETON_MS: '1500'}});
		await session.waitForText('2 Conversations', 20_000);
		expect(session.screenText()).not.toContain(INK_FRAME);
		session.press('3');
		await session.waitForText(/RUNNING|PAUSED|STARTING/, 20_000);
		const {raw} = session;
		const end = raw.indexOf(SKELETON_END) + SKELETON_END.length;
		// not echoed by the terminal between the skeleton and Ink's frame
		expect(raw.slice(end, raw.indexOf(CLEAR, end))).not.toContain('3');
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
	}, 30_000);

	it('gives the terminal back when a SIGTERM comes before Ink draws (exit 143, as the lifecycle)', async () => {
		const session = spawn({env: {OHTUI_TEST_HOLD_SKELETON_MS: '5000'}});
		await session.waitForText('2 Conversations', 20_000);
		session.kill('SIGTERM');
		expect((await session.waitForExit()).exitCode).toBe(143);
		expect(session.bufferType()).toBe('normal');
		expect(session.raw.endsWith(`${alternateScreenOff}${cursorShow}`)).toBe(true);
		expect(session.raw).not.toContain(INK_FRAME);
	}, 30_000);

	it('is not drawn on a dumb terminal, nor for --needs-you (another screen first), nor before a config error', async () => {
		const dumb = spawn({env: {TERM: 'dumb'}});
		await dumb.waitForText('Conversations', 20_000);
		dumb.press('q');
		await dumb.waitForExit();
		expect(dumb.raw).not.toContain(SKELETON_END);
		const needsYou = spawn({args: ['--needs-you']});
		await needsYou.waitForText(/need/i, 20_000);
		needsYou.press('q');
		await needsYou.waitForExit();
		expect(needsYou.raw).not.toContain(SKELETON_END);
		const wrong = spawn({args: ['--theme', 'plaid']});
		expect((await wrong.waitForExit()).exitCode).toBe(2);
		expect(wrong.raw).not.toContain('\u001B[');
	}, 60_000);
});
