/**
 * Reads a git patch as it streams (issue 28 item 1): its file sections (`diff --git …` and the
 * header lines up to the first hunk or binary data), each with its old and new path, then the body
 * lines of the section. Memory stays bounded: a body line longer than MAX_PIECE (a minified file's
 * one line) comes in pieces; only a section's header lines are held until its body starts.
 *
 * Paths are read as git writes them: `rename from`/`rename to`, `--- a/…`/`+++ b/…` (or
 * `/dev/null`), else the `diff --git a/P b/P` line itself; C-quoted names (`"a/sp\303\251cial"`,
 * core.quotePath) are unquoted to their UTF-8 text.
 */

export type Section = {
	/** the section's header bytes, exactly as they came (for a writer that keeps the section) */
	head: Buffer;
	/** null: the file did not exist on that side (`/dev/null`) */
	oldPath: string | null;
	newPath: string | null;
	/** `GIT binary patch` (or `Binary files … differ`) follows */
	binary: boolean;
	/** every path the header names (its `diff --git` line, rename, copy, ---/+++ lines), for the check that they stay inside the checkout */
	names: string[];
};

export type PatchHandler = {
	/** text before the first section (git apply ignores it) */
	preamble?(bytes: Buffer): void;
	section(section: Section): void;
	/** body bytes of the current section: a whole line with its `\n`, or a piece of a long one (`first`: its start) */
	body(bytes: Buffer, first: boolean): void;
};

const MAX_PIECE = 1 << 20;
/**
 * A section's header is a few lines of names and modes: one this large is no git patch, and holding
 * it (it is kept whole until its body starts) would let a hostile answer fill the memory.
 */
const MAX_HEADER = 1 << 20;

/** The answer cannot be git's patch (a header or a line outside the changes past the bounds above). */
export class NotAPatch extends Error {
	override readonly name = 'NotAPatch';
}
const DIFF = Buffer.from('diff --git ');

const C_ESCAPES: Record<string, number> = {a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92};

/** `"a/sp\303\251cial"` → `a/spécial`; an unquoted name as it is. */
export function unquote(text: string): string {
	if (!text.startsWith('"')) return text;
	const bytes: number[] = [];
	for (let i = 1; i < text.length; i++) {
		const c = text[i]!;
		if (c === '"') break;
		if (c !== '\\') {
			bytes.push(...Buffer.from(c, 'utf8'));
			continue;
		}
		const next = text[++i] ?? '';
		if (/[0-7]/.test(next)) {
			bytes.push(Number.parseInt(text.slice(i, i + 3), 8));
			i += 2;
		} else bytes.push(C_ESCAPES[next] ?? next.charCodeAt(0));
	}
	return Buffer.from(bytes).toString('utf8');
}

/** The path after a prefix (`a/`, `b/`), quoted or not; null for `/dev/null`. */
function pathOf(text: string, prefix: string): string | null {
	const name = unquote(text.replace(/\t.*$/, '').trimEnd());
	if (name === '/dev/null') return null;
	return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** `a/P b/P` (or quoted) → [P, P]: for a section without ---/+++ or rename lines. */
function gitLinePaths(rest: string): [string, string] | null {
	if (rest.startsWith('"')) {
		const end = /^"(?:[^"\\]|\\.)*"/.exec(rest)?.[0];
		if (!end) return null;
		const other = rest.slice(end.length + 1);
		return [pathOf(end, 'a/') ?? '', pathOf(other, 'b/') ?? ''];
	}
	// unquoted and the same name on both sides (a rename says its names in its own lines)
	if (rest.length % 2 === 1) {
		const half = (rest.length - 1) / 2;
		const a = rest.slice(0, half);
		const b = rest.slice(half + 1);
		if (a.startsWith('a/') && b.startsWith('b/') && a.slice(2) === b.slice(2)) return [a.slice(2), b.slice(2)];
	}
	const split = / b\//.exec(rest);
	return split ? [rest.slice(2, split.index), rest.slice(split.index + 3)] : null;
}

/** A section's header lines, and the first line of its body (binary data or not). */
function readSection(lines: Buffer[], bodyStart: Buffer | null): Section {
	const head = Buffer.concat(lines);
	const texts = lines.map(l => l.toString('utf8').replace(/\r?\n$/, ''));
	const fromLine = gitLinePaths(texts[0]!.slice(DIFF.length));
	let oldPath: string | null | undefined;
	let newPath: string | null | undefined;
	let binary = bodyStart !== null && !startsHunk(bodyStart);
	// a hostile header can name one path on its diff --git line and another below: all are kept
	const names: string[] = fromLine ? [...fromLine] : [];
	const named = (path: string | null) => {
		if (path !== null) names.push(path);
		return path;
	};
	for (const text of texts.slice(1)) {
		if (text.startsWith('rename from ')) oldPath = named(pathOf(text.slice(12), ''));
		else if (text.startsWith('rename to ')) newPath = named(pathOf(text.slice(10), ''));
		else if (text.startsWith('copy from ')) oldPath = named(pathOf(text.slice(10), ''));
		else if (text.startsWith('copy to ')) newPath = named(pathOf(text.slice(8), ''));
		else if (text.startsWith('--- ')) {
			const path = named(pathOf(text.slice(4), 'a/'));
			oldPath ??= path;
		} else if (text.startsWith('+++ ')) {
			const path = named(pathOf(text.slice(4), 'b/'));
			newPath ??= path;
		} else if (text.startsWith('new file mode')) oldPath = null;
		else if (text.startsWith('deleted file mode')) newPath = null;
		else if (text === 'GIT binary patch' || text.startsWith('Binary files ')) binary = true;
	}
	return {head, oldPath: oldPath === undefined ? (fromLine?.[0] ?? null) : oldPath, newPath: newPath === undefined ? (fromLine?.[1] ?? null) : newPath, binary, names};
}

const startsHunk = (line: Buffer) => line[0] === 0x40; /* @@ */
/** A header line ends the header when it starts the body. */
const startsBody = (line: Buffer) => startsHunk(line) || line.subarray(0, 16).toString('latin1') === 'GIT binary patch' || line.subarray(0, 13).toString('latin1') === 'Binary files ';

export class PatchReader {
	private partial: Buffer[] = [];
	private partialSize = 0;
	/** a long body line already handed out in part */
	private inLong = false;
	private header: Buffer[] | null = null;
	private headerSize = 0;
	private inSection = false;

	constructor(private readonly handler: PatchHandler) {}

	push(chunk: Buffer): void {
		let from = 0;
		for (;;) {
			const nl = chunk.indexOf(10, from);
			if (nl < 0) break;
			const piece = chunk.subarray(from, nl + 1);
			if (this.partialSize > 0) {
				this.partial.push(piece);
				this.line(Buffer.concat(this.partial));
				this.partial = [];
				this.partialSize = 0;
			} else this.line(piece);
			from = nl + 1;
		}
		if (from < chunk.length) {
			const rest = chunk.subarray(from);
			this.partial.push(rest);
			this.partialSize += rest.length;
			if (this.partialSize > MAX_PIECE && this.inSection && this.header === null) {
				// a long body line: hand out what is held, keep reading the rest
				this.handler.body(Buffer.concat(this.partial), !this.inLong);
				this.inLong = true;
				this.partial = [];
				this.partialSize = 0;
			} else if (this.partialSize > MAX_PIECE) {
				throw new NotAPatch('the agent server\'s answer is not a git patch (a line over 1 MiB outside any file\'s changes)');
			}
		}
	}

	end(): void {
		if (this.partialSize > 0 || this.inLong) this.line(Buffer.concat(this.partial));
		this.partial = [];
		this.partialSize = 0;
		this.flushHeader();
	}

	private flushHeader(bodyStart: Buffer | null = null): void {
		if (!this.header) return;
		this.handler.section(readSection(this.header, bodyStart));
		this.header = null;
	}

	private line(line: Buffer): void {
		if (this.inLong) {
			this.inLong = false;
			this.handler.body(line, false);
			return;
		}
		if (line.subarray(0, DIFF.length).equals(DIFF)) {
			this.flushHeader();
			this.header = [line];
			this.headerSize = line.length;
			this.inSection = true;
			return;
		}
		if (this.header) {
			if (!startsBody(line)) {
				this.headerSize += line.length;
				if (this.headerSize > MAX_HEADER) throw new NotAPatch('the agent server\'s answer is not a git patch (a file\'s header over 1 MiB)');
				this.header.push(line);
				return;
			}
			this.flushHeader(line);
		}
		if (this.inSection) this.handler.body(line, true);
		else this.handler.preamble?.(line);
	}
}
