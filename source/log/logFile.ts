/**
 * `--log FILE` / OHTUI_LOG: an append-only text file, one line per request (api/requestLog.ts) and
 * one per warning caught while the screen is full-screen (./stderrGuard.ts). Writes are synchronous:
 * a line every few seconds costs nothing, and a line written just before a crash or a signal is not
 * lost in a stream buffer. A write that fails (disk full, file removed on a read-only mount) turns the
 * log off quietly: there is no terminal to complain to while the screen is ours.
 */
import {closeSync, openSync, writeSync} from 'node:fs';

export type LogFile = {
	readonly path: string;
	/** one line; control characters flattened, secrets scrubbed by `redact` */
	write(line: string): void;
	close(): void;
};

// C0/C1 controls and escapes: a log is read with `less` or `tail -f` in a terminal too.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function flatten(text: string): string {
	return text.replace(CONTROL, ' ').replace(/[\r\n]+/g, ' ').trimEnd();
}

/** Opens (creating it 0600, appending) or throws the fs error; the caller says so before going full-screen. */
export function openLogFile(path: string, redact: (text: string) => string = text => text): LogFile {
	let fd: number | null = openSync(path, 'a', 0o600);
	return {
		path,
		write(line) {
			if (fd === null) return;
			try {
				writeSync(fd, `${redact(flatten(line))}\n`);
			} catch {
				try {
					closeSync(fd);
				} catch {
					// already gone
				}
				fd = null;
			}
		},
		close() {
			if (fd === null) return;
			try {
				closeSync(fd);
			} catch {
				// nothing left to do
			}
			fd = null;
		},
	};
}
