/**
 * `git diff --stat`'s numbers from a patch as it streams: lines added and removed per file, and for
 * a binary file its sizes where the literal data says them (`literal N` forward, then reverse).
 * Kept per file: a name and a few numbers, never the lines.
 */
import type {Section} from './patchReader.js';

export type FileStat = {
	oldPath: string | null;
	newPath: string | null;
	added: number;
	removed: number;
	/** a binary file: its sizes before and after (null when not said, or for a side that does not exist) */
	binary: {before: number | null; after: number | null} | null;
};

export class PatchStat {
	readonly files: FileStat[] = [];
	private current: FileStat | null = null;
	private literals = 0;

	section(section: Section): void {
		this.current = {oldPath: section.oldPath, newPath: section.newPath, added: 0, removed: 0, binary: section.binary ? {before: section.oldPath === null ? 0 : null, after: section.newPath === null ? 0 : null} : null};
		this.literals = 0;
		this.files.push(this.current);
	}

	body(bytes: Buffer, first: boolean): void {
		const file = this.current;
		if (!file || !first) return;
		if (file.binary) {
			const m = /^(literal|delta) (\d+)\n?$/.exec(bytes.subarray(0, 40).toString('latin1'));
			if (!m) return;
			// the forward data first (what the file becomes), then the reverse; a delta's size is not the file's
			const size = m[1] === 'literal' ? Number(m[2]) : null;
			if (this.literals === 0 && file.newPath !== null) file.binary.after = size;
			if (this.literals === 1 && file.oldPath !== null) file.binary.before = size;
			this.literals++;
			return;
		}
		if (bytes[0] === 0x2b) file.added++;
		else if (bytes[0] === 0x2d) file.removed++;
	}
}
