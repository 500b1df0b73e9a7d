/**
 * A problem with how ohtui was started (a flag, an environment variable, the config file).
 * The entry prints `message` as one line and exits 2; it never carries a stack trace to the
 * screen, and callers build messages without the API key or any value read from the file.
 */
export class UsageError extends Error {
	override readonly name = 'UsageError';
	readonly exitCode = 2;
}

export function isUsageError(value: unknown): value is UsageError {
	return value instanceof UsageError;
}
