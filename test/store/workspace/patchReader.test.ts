// Reading a git patch as it streams (store/workspace/patchReader.ts): sections and their paths as
// git writes them (renames, new and deleted files, binary, C-quoted names), whatever the chunking;
// a long line in bounded pieces; the path selection and the --stat numbers.
import {describe, expect, it} from 'vitest';
import {PatchReader, type Section} from '../../../source/store/workspace/patchReader.js';
import {selectPaths} from '../../../source/store/workspace/patchSelect.js';
import {PatchStat} from '../../../source/store/workspace/patchStat.js';

const PATCH = [
	'diff --git a/old name.txt b/new name.txt',
	'similarity index 100%',
	'rename from old name.txt',
	'rename to new name.txt',
	'diff --git a/app.py b/app.py',
	'index 1111111111111111111111111111111111111111..2222222222222222222222222222222222222222 100644',
	'--- a/app.py',
	'+++ b/app.py',
	'@@ -1,2 +1,2 @@',
	' keep\r',
	'-old',
	'+new',
	'diff --git "a/sp\\303\\251cial.txt" "b/sp\\303\\251cial.txt"',
	'new file mode 100644',
	'index 0000000000000000000000000000000000000000..3333333333333333333333333333333333333333',
	'--- /dev/null',
	'+++ "b/sp\\303\\251cial.txt"',
	'@@ -0,0 +1 @@',
	'+hi',
	'\\ No newline at end of file',
	'diff --git a/logo.png b/logo.png',
	'new file mode 100644',
	'index 0000000000000000000000000000000000000000..4444444444444444444444444444444444444444',
	'GIT binary patch',
	'literal 78',
	'zcmV?d00001',
	'',
	'literal 0',
	'HcmV?d00001',
	'',
	'diff --git a/gone.txt b/gone.txt',
	'deleted file mode 100644',
	'index 5555555555555555555555555555555555555555..0000000000000000000000000000000000000000',
	'--- a/gone.txt',
	'+++ /dev/null',
	'@@ -1 +0,0 @@',
	'-bye',
	'',
].join('\n');

function read(patch: Buffer, chunk: number) {
	const sections: Section[] = [];
	const bodies: string[] = [];
	const reader = new PatchReader({section: s => sections.push(s), body: (b, first) => bodies.push(`${first ? '' : '…'}${b.toString('latin1')}`)});
	for (let i = 0; i < patch.length; i += chunk) reader.push(patch.subarray(i, i + chunk));
	reader.end();
	return {sections, bodies};
}

describe('PatchReader', () => {
	it.each([1, 7, 1 << 16])('finds every section and its paths, in chunks of %i bytes', chunk => {
		const {sections, bodies} = read(Buffer.from(PATCH, 'latin1'), chunk);
		expect(sections.map(s => [s.oldPath, s.newPath, s.binary])).toEqual([
			['old name.txt', 'new name.txt', false],
			['app.py', 'app.py', false],
			[null, 'spécial.txt', false],
			[null, 'logo.png', true],
			['gone.txt', null, false],
		]);
		expect(Buffer.concat([...sections.map(s => s.head)]).length + bodies.join('').length).toBe(Buffer.byteLength(PATCH, 'latin1'));
		expect(bodies).toContain(' keep\r\n');
	});

	it('hands a line longer than 1 MiB out in pieces, the first marked', () => {
		const long = `+${'x'.repeat(3 << 20)}\n`;
		const patch = Buffer.from(`diff --git a/min.js b/min.js\n--- a/min.js\n+++ b/min.js\n@@ -1 +1 @@\n-a\n${long}`);
		const pieces: [number, boolean][] = [];
		const reader = new PatchReader({section: () => {}, body: (b, first) => pieces.push([b.length, first])});
		for (let i = 0; i < patch.length; i += 65536) reader.push(patch.subarray(i, i + 65536));
		reader.end();
		expect(pieces.slice(0, 2)).toEqual([[12, true], [3, true]]);
		const parts = pieces.slice(2);
		expect(parts.length).toBeGreaterThan(2);
		expect(parts.every(([n]) => n <= (1 << 20) + 65536)).toBe(true);
		expect(parts.map(([, first]) => first)).toEqual([true, ...Array(parts.length - 1).fill(false)]);
		expect(parts.reduce((n, [size]) => n + size, 0)).toBe(long.length);
	});

	it('selects by file, folder or either name of a move; counts as git diff --stat does', () => {
		const select = selectPaths(['./new name.txt', 'sp\u00e9cial.txt/', 'nowhere'])!;
		const stat = new PatchStat();
		const kept: string[] = [];
		let keep = false;
		const reader = new PatchReader({
			section: s => {
				keep = select(s);
				if (keep) kept.push(s.newPath ?? '');
				stat.section(s);
			},
			body: (b, first) => stat.body(b, first),
		});
		reader.push(Buffer.from(PATCH, 'latin1'));
		reader.end();
		expect(kept).toEqual(['new name.txt', 'spécial.txt']);
		expect(select.unmatched()).toEqual(['nowhere']);
		expect(stat.files.map(f => [f.added, f.removed, f.binary])).toEqual([[0, 0, null], [1, 1, null], [1, 0, null], [0, 0, {before: 0, after: 78}], [0, 1, null]]);
	});
});
