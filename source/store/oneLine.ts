import {isApiError, type ApiErrorKind} from '../api/errors.js';
import type {ErrorInfo} from './types.js';

// C0 controls, DEL and C1 controls: a server-sent detail must not move the cursor or start an
// escape sequence in the footer.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

/** One line of at most `max` characters, safe for the footer. */
export function oneLine(text: string, max = 200): string {
	const line = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function errorKind(error: unknown): ApiErrorKind {
	return isApiError(error) ? error.kind : 'bad_response';
}

export function errorMessage(error: unknown): string {
	if (error instanceof Error) return oneLine(error.message || error.name);
	return oneLine(String(error));
}

export function toErrorInfo(error: unknown, at: number): ErrorInfo {
	return {kind: errorKind(error), message: errorMessage(error), at};
}

export function isAbort(error: unknown): boolean {
	return isApiError(error) && error.kind === 'aborted';
}
