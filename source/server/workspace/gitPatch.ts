/**
 * The patch `GET /api/file/archive` (format `git-delta`) answers, as git writes it for the real
 * server (`git diff --binary --cached <base>` after `git add -A` into a scratch index; sdk
 * `file_router.py` `_create_git_delta`): full 40-hex index lines (`--binary` implies
 * `--full-index`), renames found for identical contents (`similarity index 100%`), `new file mode`
 * and `deleted file mode`, `\ No newline at end of file` markers, CR bytes kept, and binary files
 * as `GIT binary patch` literals (zlib data in git's base85) that `git apply` checks against the
 * index line's object ids. Whatever git would do that this does not (partial renames, deltas,
 * modes other than 100644), `git apply` takes the simpler form as well.
 */
import {createHash} from 'node:crypto';
import {deflateSync} from 'node:zlib';
import {structuredPatch} from 'diff';
import {isBinary} from './gitTexts.js';

export type FileChange = {path: string; before: Buffer | null; after: Buffer | null};

const ZERO = '0'.repeat(40);
const MODE = '100644';
const B85 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

/** git's object id of a blob. */
export function blobId(bytes: Buffer): string {
	return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** git's base85 of one line's bytes (padded to whole groups of four). */
function base85(bytes: Buffer): string {
	let out = '';
	for (let i = 0; i < bytes.length; i += 4) {
		let n = 0;
		for (let j = 0; j < 4; j++) n = n * 256 + (bytes[i + j] ?? 0);
		let group = '';
		for (let k = 0; k < 5; k++) {
			group = B85[n % 85]! + group;
			n = Math.floor(n / 85);
		}
		out += group;
	}
	return out;
}

/** `literal N` and its lines: each names its length (A-Z 1-26, a-z 27-52), then base85 of up to 52 deflated bytes. */
function literal(bytes: Buffer): string {
	const data = deflateSync(bytes);
	let out = `literal ${bytes.length}\n`;
	for (let i = 0; i < data.length; i += 52) {
		const line = data.subarray(i, i + 52);
		const n = line.length;
		out += `${n <= 26 ? String.fromCharCode(64 + n) : String.fromCharCode(96 + n - 26)}${base85(line)}\n`;
	}
	return `${out}\n`;
}

/** `@@ -1,3 +1,4 @@` with git's spelling: a count of 1 is left out; an empty side names the line before. */
function range(start: number, count: number): string {
	const at = count === 0 ? start - 1 : start;
	return count === 1 ? `${at}` : `${at},${count}`;
}

/** Byte-exact text hunks: latin1 keeps every byte one character, so CRs and non-UTF-8 bytes survive. */
function hunks(before: Buffer, after: Buffer): string {
	const patch = structuredPatch('a', 'b', before.toString('latin1'), after.toString('latin1'), '', '', {context: 3});
	let out = '';
	for (const hunk of patch.hunks) {
		out += `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@\n`;
		for (const line of hunk.lines) out += `${line}\n`;
	}
	return out;
}

const ESCAPES: Record<number, string> = {7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 34: '\\"', 92: '\\\\'};

/** `a/path`, or C-quoted as git writes a path with control, quote, backslash or non-ASCII bytes (`core.quotePath`). */
export function name(prefix: string, path: string): string {
	const bytes = Buffer.from(`${prefix}${path}`, 'utf8');
	if (!bytes.some(b => b < 0x20 || b === 0x22 || b === 0x5c || b >= 0x7f)) return `${prefix}${path}`;
	let out = '"';
	for (const b of bytes) out += ESCAPES[b] ?? (b < 0x20 || b >= 0x7f ? `\\${b.toString(8).padStart(3, '0')}` : String.fromCharCode(b));
	return `${out}"`;
}

function section(change: FileChange): string {
	const {path, before, after} = change;
	const head = `diff --git ${name('a/', path)} ${name('b/', path)}\n`;
	const oldId = before ? blobId(before) : ZERO;
	const newId = after ? blobId(after) : ZERO;
	let meta = '';
	if (!before) meta = `new file mode ${MODE}\nindex ${oldId}..${newId}\n`;
	else if (!after) meta = `deleted file mode ${MODE}\nindex ${oldId}..${newId}\n`;
	else meta = `index ${oldId}..${newId} ${MODE}\n`;
	const a = before ?? Buffer.alloc(0);
	const b = after ?? Buffer.alloc(0);
	if (isBinary(a) || isBinary(b)) return `${head}${meta}GIT binary patch\n${literal(b)}${literal(a)}`;
	if (a.length === 0 && b.length === 0) return `${head}${meta}`;
	const from = before ? name('a/', path) : '/dev/null';
	const to = after ? name('b/', path) : '/dev/null';
	return `${head}${meta}--- ${from}\n+++ ${to}\n${hunks(a, b)}`;
}

/**
 * The patch from `before` to `after` over the changed files (unchanged ones are left out by the
 * caller): a deleted file and an added one with the same bytes are one rename, as git finds it.
 */
export function gitPatch(changes: readonly FileChange[]): Buffer {
	const added = new Map<string, FileChange[]>();
	for (const c of changes) {
		if (c.before || !c.after) continue;
		const id = blobId(c.after);
		added.set(id, [...(added.get(id) ?? []), c]);
	}
	const renamedTo = new Map<string, string>();
	for (const c of changes) {
		if (c.after || !c.before || c.before.length === 0) continue;
		const target = added.get(blobId(c.before))?.shift();
		if (target) renamedTo.set(target.path, c.path);
	}
	const renamedFrom = new Set(renamedTo.values());
	const sections: {at: string; text: string}[] = [];
	for (const c of changes) {
		if (renamedFrom.has(c.path) && !c.after) continue;
		const from = renamedTo.get(c.path);
		if (from) {
			sections.push({at: c.path, text: `diff --git ${name('a/', from)} ${name('b/', c.path)}\nsimilarity index 100%\nrename from ${name('', from)}\nrename to ${name('', c.path)}\n`});
			continue;
		}
		sections.push({at: c.path, text: section(c)});
	}
	sections.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
	return Buffer.from(sections.map(s => s.text).join(''), 'latin1');
}
