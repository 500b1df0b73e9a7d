/** Set on process.stdout once watched: status's own file and the commands' chunk each carry a copy of this module. */
const WATCHED = Symbol.for('ohtui.stdoutWatched');

/**
 * The one place that ends the process. Waits for stdout to take what was written (a pipe may be
 * slow), but not forever: a terminal that went away or stopped reading never calls back. A write
 * that failed calls back before the stream's error event: on a watched stdout that event ends the
 * process with the failure's code (`watchOutput`), not this one.
 */
export function exit(code: number): void {
	const force = setTimeout(() => process.exit(code), 400);
	process.stdout.write('', error => {
		if (error && (process.stdout as {[WATCHED]?: true})[WATCHED]) return;
		clearTimeout(force);
		process.exit(code);
	});
}

/** Why a write failed, in words (`seq` says the same through strerror). */
const REASONS: Record<string, string> = {
	ENOSPC: 'no space left on device',
	EDQUOT: 'disk quota exceeded',
	EFBIG: 'file too large',
	EIO: 'input/output error',
	EBADF: 'standard output is not open for writing',
	EACCES: 'permission denied',
	EPERM: 'operation not permitted',
	EROFS: 'read-only file system',
	EINVAL: 'invalid argument',
};

/**
 * A plain-text path's stdout (the commands, doctor, `--help`): output that could not be written is
 * an error, one line on stderr and exit 1, as `seq >/dev/full` does; a script must not take an empty
 * file for the list (issue 27 item 4: `ohtui ls >/dev/full` exited 0). A reader that went away
 * (`ohtui ls | head -1`, EPIPE) took what it wanted: quiet, exit 0. `who` starts the line
 * (`ohtui ls`). A file's write fails at once and its error is emitted on the next tick, so watching
 * right after writing still catches it; watching twice is once.
 */
export function watchOutput(who: string): void {
	const stdout = process.stdout as NodeJS.WriteStream & {[WATCHED]?: true};
	if (stdout[WATCHED]) return;
	stdout[WATCHED] = true;
	stdout.on('error', (error: NodeJS.ErrnoException) => {
		process.exit(outputFailed(who, error));
	});
}

/**
 * A write to stdout failed: what watchOutput does of it, as an exit code. A reader that went away
 * (EPIPE) took what it wanted: 0, quietly; anything else is one line on stderr and 1.
 */
export function outputFailed(who: string, error: NodeJS.ErrnoException): number {
	if (error.code === 'EPIPE') return 0;
	const reason = (error.code && REASONS[error.code]) ?? error.code ?? 'write error';
	try {
		process.stderr.write(`${who}: output not written (${reason})\n`);
	} catch {
		// stderr is gone too: the exit code still says it
	}
	return 1;
}
