/**
 * While the screen is ours, nothing may write to stderr: a line there lands in the middle of Ink's
 * frame and stays until the next full redraw (and under tmux, in the scrollback). Libraries do write
 * there: Node prints process warnings (`process.emitWarning`, e.g. undici's experimental notices or a
 * MaxListeners leak warning) through `console.error`, and `console.error`/`console.warn` go through
 * `process.stderr.write`. The guard replaces that one method for the full-screen period and sends each
 * line to the log, or drops it when there is no log. Writes to fd 2 from native code cannot be caught
 * this way; none of ohtui's dependencies does that.
 */
export type StderrSink = ((line: string) => void) | null;

type Writable = {write: (...args: any[]) => boolean};

/** Installs the guard on `stream` (default process.stderr); returns the function that takes it away. */
export function guardStderr(sink: StderrSink, stream: Writable = process.stderr): () => void {
	const original = stream.write;
	let pending = '';
	const replacement = function (this: unknown, chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
		const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk);
		pending += text;
		const lines = pending.split(/\r?\n/);
		pending = lines.pop() ?? '';
		if (sink) for (const line of lines) if (line.trim() !== '') sink(line);
		const done = typeof encoding === 'function' ? encoding : callback;
		if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
		return true;
	};
	stream.write = replacement;
	let removed = false;
	return () => {
		if (removed) return;
		removed = true;
		if (pending.trim() !== '' && sink) sink(pending);
		pending = '';
		if (stream.write === replacement) stream.write = original;
	};
}
