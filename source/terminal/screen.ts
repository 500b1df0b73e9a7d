/**
 * ohtui's hold on the terminal. Ink 8 draws on the alternate screen (`alternateScreen`), turns
 * bracketed paste on while the key router listens (`usePaste`), and its unmount gives all of it
 * back: the last frame, paste mode and raw mode off, the normal screen, a visible cursor. What
 * Ink does not do, and this module does:
 * - one restore for every exit path, run once (terminal/lifecycle.ts calls it after q, Ctrl-c, a
 *   signal, a crash; never after a hang-up, when nothing may touch the dead terminal);
 * - a last resort when Ink's unmount throws halfway (a broken React tree on a fatal error): the
 *   terminal is put back by hand, so the shell never inherits the alternate screen or a hidden
 *   cursor;
 * - TERM=dumb, or no TERM at all, names a terminal that takes none of this (issue 9 item 16): no
 *   alternate screen, no modes; the UI draws in the normal buffer.
 */
const PASTE_OFF = '\u001B[?2004l';
const ALTERNATE_OFF = '\u001B[?1049l';
const CURSOR_SHOW = '\u001B[?25h';

/** bracketed paste off, reset attributes, leave the alternate screen, show the cursor: in that
 * order, so the shell prompt comes back with default colours and a visible cursor */
export const fallbackRestoreSequence = `${PASTE_OFF}\u001B[0m${ALTERNATE_OFF}${CURSOR_SHOW}`;

export type Screen = {
	/** the UI holds the terminal from now on; `release` gives it back (Ink's unmount) */
	hold(release: () => void): void;
	/** idempotent: safe to call from every exit path, however many fire */
	restore(): void;
	readonly active: boolean;
	/** false for TERM=dumb or unset: no alternate screen, no escape sequences of ohtui's own */
	readonly capable: boolean;
};

type Output = {write(chunk: string): unknown};

/** A terminal that takes escape sequences: TERM is set and not `dumb`. */
export function capableTerminal(env: NodeJS.ProcessEnv = process.env): boolean {
	const term = env['TERM'];
	return term !== undefined && term !== '' && term !== 'dumb';
}

export function createScreen(stdout: Output, env: NodeJS.ProcessEnv = process.env): Screen {
	const capable = capableTerminal(env);
	let release: (() => void) | null = null;
	return {
		hold(next) {
			release = next;
		},
		restore() {
			if (release === null) return;
			const giveBack = release;
			release = null;
			try {
				giveBack();
			} catch {
				if (!capable) return;
				try {
					stdout.write(fallbackRestoreSequence);
				} catch {
					// The terminal is gone: nothing left to restore.
				}
			}
		},
		get active() {
			return release !== null;
		},
		capable,
	};
}
