/**
 * The commands' exit codes (issue 20; README "Commands"): what a script branches on.
 *
 * 0 done; 1 the server said no (refused, 401/403, 409, 422, 429, 5xx, a body that is not what it
 * should be, a state that does not allow the command); 2 usage (a bad flag, an ambiguous id prefix,
 * no server configured, a read-only profile); 3 the server could not be reached or did not answer
 * in time; 4 not found (an id no server knows); 124 `wait` timed out (as timeout(1) does).
 */
import {isApiError} from '../api/errors.js';

export const EXIT = {ok: 0, refused: 1, usage: 2, unreachable: 3, notFound: 4, timedOut: 124, interrupted: 130} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure with its exit code and a one-line message (clean, masked, never a stack). */
export class CommandError extends Error {
	override readonly name = 'CommandError';
	constructor(
		readonly code: ExitCode,
		message: string,
		/** more lines for stderr (an ambiguous prefix's candidates) */
		readonly details: readonly string[] = [],
	) {
		super(message);
	}
}

export function isCommandError(error: unknown): error is CommandError {
	return error instanceof CommandError;
}

/** The exit code a failure maps to. */
export function exitCodeOf(error: unknown): ExitCode {
	if (isCommandError(error)) return error.code;
	if (!isApiError(error)) return EXIT.refused;
	switch (error.kind) {
		case 'unreachable':
		case 'timeout':
			return EXIT.unreachable;
		case 'not_found':
			return EXIT.notFound;
		case 'aborted':
			return EXIT.interrupted;
		default:
			return EXIT.refused;
	}
}
