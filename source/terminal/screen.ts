/**
 * The alternate screen and the modes ohtui turns on. Ink 6.8 has no option for the alternate
 * screen, and its own exit handling shows the cursor but leaves the terminal on the alternate
 * buffer, so ohtui enters and leaves it itself. Bracketed paste (ESC[?2004h) wraps a paste in
 * ESC[200~ … ESC[201~ so a paste into a text field stays one insert (ui/keys/splitKeys.ts).
 *
 * TERM=dumb, or no TERM at all, names a terminal that takes none of this: no alternate screen,
 * no modes (issue 9 item 16); the UI draws in the normal buffer.
 */
const ALTERNATE_ON = '\u001B[?1049h';
const ALTERNATE_OFF = '\u001B[?1049l';
const CURSOR_HIDE = '\u001B[?25l';
const CURSOR_SHOW = '\u001B[?25h';
const PASTE_ON = '\u001B[?2004h';
const PASTE_OFF = '\u001B[?2004l';

const enterSequence = `${ALTERNATE_ON}${CURSOR_HIDE}\u001B[H${PASTE_ON}`;
/** bracketed paste off, reset attributes, leave the alternate screen, show the cursor: in that
 * order, so the shell prompt comes back with default colours and a visible cursor */
export const restoreSequence = `${PASTE_OFF}\u001B[0m${ALTERNATE_OFF}${CURSOR_SHOW}`;

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
	/** sets the window title (written around Ink: the bytes move no cursor) */
	setTitle(text: string): void;
	/** inside tmux: the pane's title before ohtui, written back on restore */
	setTitleToRestore(text: string): void;
	enter(): void;
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
	let active = false;
	let titled = false;
	let lastTitle: string | null = null;
	let restoreTitle: string | null = null;
	return {
		setTitle(text) {
			if (!active || !capable || text === lastTitle) return;
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
		enter() {
			if (active) {
				return;
			}

			active = true;
			if (capable) {
				stdout.write(enterSequence);
			}
		},
		restore() {
			if (!active) {
				return;
			}

			active = false;
			if (!capable) {
				return;
			}

			try {
				const title = titled ? `${restoreTitle === null ? '' : titleSequence(restoreTitle)}${TITLE_POP}` : '';
				titled = false;
				lastTitle = null;
				stdout.write(title + restoreSequence);
			} catch {
				// The terminal is gone (SIGHUP after ssh dropped): nothing left to restore.
			}
		},
		get active() {
			return active;
		},
		capable,
	};
}
