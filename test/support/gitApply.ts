/**
 * Applies a patch with the system's real `git apply` to a copy of a stand-in repository's committed
 * files, and reads the result back, byte for byte (issue 28: a patch ohtui writes must bring the
 * agent's work over exactly, or not at all).
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, relative} from 'node:path';

export type Files = ReadonlyMap<string, Buffer>;

function readAll(root: string): Map<string, Buffer> {
	const out = new Map<string, Buffer>();
	const walk = (dir: string) => {
		for (const name of readdirSync(dir)) {
			if (dir === root && name === '.git') continue;
			const full = join(dir, name);
			if (statSync(full).isDirectory()) walk(full);
			else out.set(relative(root, full), readFileSync(full));
		}
	};
	walk(root);
	return out;
}

/** `git apply` of `patch` in a folder holding `base`: the files after it, or the error git printed. */
export function gitApply(base: Files, patch: Buffer | string, options: {args?: string[]} = {}): {files: Map<string, Buffer>} | {error: string} {
	const dir = mkdtempSync(join(tmpdir(), 'ohtui-apply-'));
	try {
		execFileSync('git', ['init', '-q', dir]);
		for (const [path, data] of base) {
			mkdirSync(dirname(join(dir, path)), {recursive: true});
			writeFileSync(join(dir, path), data);
		}
		try {
			execFileSync('git', ['apply', ...(options.args ?? []), '-'], {cwd: dir, input: patch, stdio: ['pipe', 'pipe', 'pipe']});
		} catch (error) {
			return {error: String((error as {stderr?: Buffer}).stderr ?? error)};
		}
		return {files: readAll(dir)};
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

/** The paths whose bytes differ between two file sets (missing on one side included). */
export function differences(a: Files, b: Files): string[] {
	const paths = new Set([...a.keys(), ...b.keys()]);
	return [...paths].filter(p => !a.get(p) || !b.get(p) || !a.get(p)!.equals(b.get(p)!)).sort();
}
