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

/**
 * The window title (issue 19 §3). The first title pushes the terminal's own on its title stack
 * (XTWINOPS `CSI 22 ; 2 t`: xterm, VTE, kitty, WezTerm, iTerm2, foot) and the restore pops it
 * (`CSI 23 ; 2 t`). tmux keeps no such stack: there the pane title ohtui found at start (asked by
 * `setTitleToRestore`) is written back. A title is one line of plain text: control characters go.
 */
const TITLE_PUSH = '\u001B[22;2t';
const TITLE_POP = '\u001B[23;2t';
// ended by ST, not BEL: a BEL is how ohtui calls the user (a title must never ring the bell or look like it)
const titleSequence = (text: string) => `\u001B]2;${text.replace(/[\u0000-\u001F\u007F-\u009F]+/g, ' ')}\u001B\\`;

export type Screen = {
	/** the UI holds the terminal from now on; `release` gives it back (Ink's unmount) */
	hold(release: () => void): void;
	/** sets the window title (written around Ink: the bytes move no cursor); nothing once restored */
	setTitle(text: string): void;
	/** inside tmux: the pane's title before ohtui, written back on restore */
	setTitleToRestore(text: string): void;
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
	let ended = false;
	let titled = false;
	let lastTitle: string | null = null;
	let restoreTitle: string | null = null;
	// a title asked for before the UI holds the terminal (an effect of its first render) waits for it
	let early: string | null = null;
	const screen: Screen = {
		hold(next) {
			release = next;
			if (early !== null) screen.setTitle(early);
			early = null;
		},
		setTitle(text) {
			if (release === null && !ended) {
				early = text;
				return;
			}
			if (ended || !capable || text === lastTitle) return;
			try {
				stdout.write(`${titled ? '' : TITLE_PUSH}${titleSequence(text)}`);
				titled = true;
				lastTitle = text;
			} catch {
				// the terminal is gone
			}
		},
		setTitleToRestore(text) {
			restoreTitle = text;
		},
		restore() {
			if (release === null) return;
			const giveBack = release;
			release = null;
			ended = true;
			// the title first: the last bytes are Ink's, leaving the alternate screen with the cursor shown
			if (titled) {
				titled = false;
				try {
					stdout.write(`${restoreTitle === null ? '' : titleSequence(restoreTitle)}${TITLE_POP}`);
				} catch {
					// The terminal is gone.
				}
			}
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
	return screen;
}
