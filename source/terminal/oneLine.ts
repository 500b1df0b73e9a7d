// Apart from the lifecycle so the entry can say a start-up failure without loading it (cli.tsx).

/** One line, no control characters, bounded: safe to print under the restored prompt. */
export function oneLine(error: unknown): string {
	const raw = error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : safeString(error);
	const clean = raw
		// eslint-disable-next-line no-control-regex
		.replace(/\u001B\[[0-?]*[ -/]*[@-~]/g, '')
		// eslint-disable-next-line no-control-regex
		.replace(/[\u0000-\u001F\u007F-\u009F]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	const text = clean === '' ? 'unknown error' : clean;
	return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function safeString(value: unknown): string {
	try {
		return String(value);
	} catch {
		return 'unknown error';
	}
}
