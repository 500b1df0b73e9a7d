/**
 * The alternate screen. Ink 6.8 has no option for it, and its own exit handling shows the cursor
 * but leaves the terminal on the alternate buffer, so ohtui enters and leaves it itself.
 */
const enterSequence = '\u001B[?1049h\u001B[?25l\u001B[H';
/** reset attributes, leave the alternate screen, show the cursor: in that order, so the shell
 * prompt comes back with default colours and a visible cursor */
export const restoreSequence = '\u001B[0m\u001B[?1049l\u001B[?25h';

export type Screen = {
	enter(): void;
	/** idempotent: safe to call from every exit path, however many fire */
	restore(): void;
	readonly active: boolean;
};

type Output = {write(chunk: string): unknown};

export function createScreen(stdout: Output): Screen {
	let active = false;
	return {
		enter() {
			if (active) {
				return;
			}

			active = true;
			stdout.write(enterSequence);
		},
		restore() {
			if (!active) {
				return;
			}

			active = false;
			try {
				stdout.write(restoreSequence);
			} catch {
				// The terminal is gone (SIGHUP after ssh dropped): nothing left to restore.
			}
		},
		get active() {
			return active;
		},
	};
}
