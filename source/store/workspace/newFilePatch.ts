/**
 * The patch of one new file from its exact bytes (the file download), as `git diff --binary` writes
 * it: for the last resort of `ohtui diff`, when neither the archive route nor git through the bash
 * route can give the patch. A new file's side is all there is to it, so this patch is exact; a
 * changed or deleted file would need the original's bytes, which the server's texts do not give.
 *
 * Text: `new file mode`, a full index line, one hunk of `+` lines, `\ No newline at end of file`
 * when it ends without one, CR bytes kept. Binary (a NUL in the first 8000 bytes, git's test): a
 * `GIT binary patch` literal (zlib data in git's base85), checked by `git apply` against the index.
 */
import {createHash} from 'node:crypto';
import {deflateSync} from 'node:zlib';

const ZERO = '0'.repeat(40);
const B85 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
const ESCAPES: Record<number, string> = {7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 34: '\\"', 92: '\\\\'};

export function blobId(bytes: Buffer): string {
	return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** A name as git writes it: C-quoted when it has control, quote, backslash or non-ASCII bytes. */
export function quoted(prefix: string, path: string): string {
	const bytes = Buffer.from(`${prefix}${path}`, 'utf8');
	if (!bytes.some(b => b < 0x20 || b === 0x22 || b === 0x5c || b >= 0x7f)) return `${prefix}${path}`;
	let out = '"';
	for (const b of bytes) out += ESCAPES[b] ?? (b < 0x20 || b >= 0x7f ? `\\${b.toString(8).padStart(3, '0')}` : String.fromCharCode(b));
	return `${out}"`;
}

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

function literal(bytes: Buffer): string {
	const data = deflateSync(bytes);
	let out = `literal ${bytes.length}\n`;
	for (let i = 0; i < data.length; i += 52) {
		const line = data.subarray(i, i + 52);
		out += `${line.length <= 26 ? String.fromCharCode(64 + line.length) : String.fromCharCode(96 + line.length - 26)}${base85(line)}\n`;
	}
	return `${out}\n`;
}

export function newFilePatch(path: string, bytes: Buffer): Buffer {
	const head = `diff --git ${quoted('a/', path)} ${quoted('b/', path)}\nnew file mode 100644\nindex ${ZERO}..${blobId(bytes)}\n`;
	if (bytes.subarray(0, 8000).includes(0)) return Buffer.from(`${head}GIT binary patch\n${literal(bytes)}${literal(Buffer.alloc(0))}`, 'latin1');
	if (bytes.length === 0) return Buffer.from(head, 'latin1');
	const text = bytes.toString('latin1');
	const lines = text.split('\n');
	const ended = lines.at(-1) === '';
	if (ended) lines.pop();
	const count = lines.length;
	const body = lines.map(l => `+${l}\n`).join('') + (ended ? '' : '\\ No newline at end of file\n');
	// the path lines are UTF-8 (quoted when not ASCII); the content keeps its bytes (latin1 ↔ bytes)
	return Buffer.concat([Buffer.from(`${head}--- /dev/null\n+++ ${quoted('b/', path)}\n@@ -0,0 +${count === 1 ? '1' : `1,${count}`} @@\n`, 'latin1'), Buffer.from(body, 'latin1')]);
}
