/**
 * The entry (cli.tsx) is bundled on its own (scripts/build.mjs), with its own copy of this module,
 * and it tells the UsageErrors that the app's chunks throw (resolveConfig's) from other errors: by
 * a mark every copy shares (a symbol in the global registry), as each copy's class is another class.
 */
const USAGE_ERROR: unique symbol = Symbol.for('ohtui.UsageError');

/**
 * A problem with how ohtui was started (a flag, an environment variable, the config file).
 * The entry prints `message` as one line and exits 2; it never carries a stack trace to the
 * screen, and callers build messages without the API key or any value read from the file.
 */
export class UsageError extends Error {
	override readonly name = 'UsageError';
	readonly exitCode = 2;
	readonly [USAGE_ERROR] = true;
}

export function isUsageError(value: unknown): value is UsageError {
	return value instanceof Error && (value as Partial<Record<typeof USAGE_ERROR, unknown>>)[USAGE_ERROR] === true;
}
