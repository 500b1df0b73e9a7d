/**
 * Small additions over test/e2e/pty.ts for fault, hostile and bench runs: start the built app
 * against a URL with a key, wait for a screen condition (or its absence), read header and rows,
 * and replay the raw bytes into a fresh headless terminal to inspect cells by column.
 */
import xterm from '@xterm/headless';
import stringWidth from 'string-width';
import {spawnCli, type PtySession} from '../e2e/pty.js';

export const COLS = 120;
export const ROWS = 40;
export const TAB_LINE = /^ ?1 Settings {1,3}2 Conversations {1,3}3 Sandboxes {1,3}4 Specs/;

export type AppOptions = {url: string; key?: string; refreshSeconds?: number; args?: string[]; env?: Record<string, string>};

export function startApp({url, key, refreshSeconds = 1, args = [], env = {}}: AppOptions): PtySession {
	return spawnCli({
		args: ['--url', url, '--refresh', String(refreshSeconds), ...args],
		env: {...(key ? {OPENHANDS_API_KEY: key} : {}), ...env},
		cols: COLS,
		rows: ROWS,
	});
}

export function lines(session: PtySession): string[] {
	return session.screenText().split('\n');
}

export function headerLine(session: PtySession): string {
	return lines(session)[0] ?? '';
}

/** Polls the screen until `check` holds; the error shows the screen and what was awaited. */
export async function waitForScreen(session: PtySession, check: (screen: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const screen = session.screenText();
		if (check(screen)) return screen;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
		// eslint-disable-next-line no-await-in-loop
		await sleep(25);
	}
}

export async function waitForGone(session: PtySession, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
	return waitForScreen(session, screen => !pattern.test(screen), `${String(pattern)} to go away`, timeoutMs);
}

export function sleep(ms: number): Promise<void> {
	return new Promise(resolve => setTimeout(resolve, ms));
}

export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** The table's data rows on the Sandboxes tab: lines holding a sandbox status word. */
export const STATUS_WORD = /\b(RUNNING|PAUSED|ERROR|STARTING|MISSING)\b/;

/** Replays bytes into a fresh terminal of the same size: cells can then be read by column. */
export async function replay(raw: string, cols = COLS, rows = ROWS): Promise<xterm.Terminal> {
	const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true, scrollback: 0});
	useModernWidths(terminal);
	await new Promise<void>(resolve => terminal.write(raw, resolve));
	return terminal;
}

const widths = new Map<number, 0 | 1 | 2>();

/** Cell width of one code point as string-width (and so the app) measures it. */
function codePointWidth(codePoint: number): 0 | 1 | 2 {
	let width = widths.get(codePoint);
	if (width === undefined) {
		width = Math.max(0, Math.min(2, stringWidth(String.fromCodePoint(codePoint)))) as 0 | 1 | 2;
		widths.set(codePoint, width);
	}
	return width;
}

/**
 * @xterm/headless measures with Unicode 6 tables, where most emoji take one cell; every modern
 * terminal gives them two. This provider follows @xterm/addon-unicode11 (not installed here):
 * widths from string-width per code point, a zero-width character joins the cell before it, so a
 * ZWJ sequence such as 👩‍💻 takes one cell per emoji (2 + 2), as in xterm.js and tmux.
 */
export function useModernWidths(terminal: xterm.Terminal): void {
	terminal.unicode.register({
		version: 'modern',
		wcwidth: codePointWidth,
		charProperties(codePoint: number, preceding: number): number {
			let width: number = codePointWidth(codePoint);
			let join = width === 0 && preceding !== 0;
			if (join) {
				const before = (preceding >> 1) & 0x3;
				if (before === 0) join = false;
				else if (before > width) width = before;
			}
			return ((width & 0x3) << 1) | (join ? 1 : 0);
		},
	});
	terminal.unicode.activeVersion = 'modern';
}

/** The column (0-based, in cells) where `text` starts on a row, or -1. Wide characters take two cells. */
export function columnOf(terminal: xterm.Terminal, row: number, text: string): number {
	const line = terminal.buffer.active.getLine(terminal.buffer.active.viewportY + row);
	if (!line) return -1;
	const cells: string[] = [];
	for (let x = 0; x < terminal.cols; x++) cells.push(line.getCell(x)?.getChars() ?? '');
	for (let x = 0; x + text.length <= cells.length; x++) {
		let match = true;
		for (let i = 0; i < text.length && match; i++) match = cells[x + i] === text[i];
		if (match) return x;
	}
	return -1;
}

export function rowText(terminal: xterm.Terminal, row: number): string {
	return terminal.buffer.active.getLine(terminal.buffer.active.viewportY + row)?.translateToString(true) ?? '';
}

/** Rows that continue the row above because something was wider than the terminal (auto-wrap). */
export function wrappedRows(terminal: xterm.Terminal): number[] {
	const buffer = terminal.buffer.active;
	const rows: number[] = [];
	for (let row = 0; row < terminal.rows; row++) {
		if (buffer.getLine(buffer.viewportY + row)?.isWrapped) rows.push(row);
	}
	return rows;
}
