/**
 * The two texts `GET /api/git/diff` answers, made from a file's bytes the way a real agent server
 * makes them (sdk `git/git_diff.py`, `git/utils.py`; checked on 1.43.1, /work/realserver FINDINGS §3):
 *
 * - `modified`: the file opened as UTF-8 text with universal newlines, `"\n".join(text.splitlines())`:
 *   CRLF and CR become LF, Python's other line breaks (\v \f \x1c-\x1e \x85 \u2028 \u2029) too, and
 *   the very last line break is gone. A file that is not UTF-8 (a binary one) is `""`.
 * - `original`: `git show REF:path` read as text (`errors="replace"`, universal newlines) and
 *   `.strip()`ped: leading blank lines, the first line's indentation and every trailing newline go.
 *
 * A client cannot rebuild the bytes from either: that is the point of imitating it.
 */

const LINE_BREAKS = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;
// Python's str.strip(): Unicode whitespace, and the separators \x1c-\x1f (JS's trim keeps those and drops U+FEFF)
const PY_SPACE = '\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');

const strict = new TextDecoder('utf-8', {fatal: true});
const lenient = new TextDecoder('utf-8');

/** `"\n".join(open(path, encoding="utf-8").read().splitlines())`, or "" when the bytes are not UTF-8. */
export function modifiedText(bytes: Buffer): string {
	let text: string;
	try {
		text = strict.decode(bytes);
	} catch {
		return '';
	}
	const lines = text.split(LINE_BREAKS);
	if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
	return lines.join('\n');
}

/** `git show` output as `subprocess.run(text=True, errors="replace")` reads it, then `.strip()`. */
export function originalText(bytes: Buffer): string {
	return lenient.decode(bytes).replace(/\r\n?/g, '\n').replace(PY_STRIP, '');
}

/** git's own test (`buffer_is_binary`): a NUL in the first 8000 bytes. */
export function isBinary(bytes: Buffer): boolean {
	return bytes.subarray(0, 8000).includes(0);
}
