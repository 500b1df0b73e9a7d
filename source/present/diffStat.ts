/**
 * `git diff --stat` as git prints it (issue 28 item 1: `ohtui diff --stat`): one line per file,
 * ` name | count +++---`, a moved file as `{old => new}` around what the names share, a binary one
 * as `Bin 10 -> 12 bytes`, the graph scaled to the width, then ` N files changed, X insertions(+),
 * Y deletions(-)`. Names are server text: cleaned (and masked) here.
 */
import {displayWidth, truncateStart} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';

export type StatFile = {
	oldPath: string | null;
	newPath: string | null;
	added: number;
	removed: number;
	binary: {before: number | null; after: number | null} | null;
};

export type Paint = (text: string, style: 'green' | 'red') => string;

/** `a/b/c.txt`, `a/x/c.txt` → `a/{b => x}/c.txt` (git's pprint_rename). */
export function renameName(from: string, to: string): string {
	if (from === to) return from;
	let prefix = 0;
	for (let i = 0; i < Math.min(from.length, to.length) && from[i] === to[i]; i++) if (from[i] === '/') prefix = i + 1;
	let suffix = 0;
	for (let i = 1; i <= Math.min(from.length, to.length) - prefix && from[from.length - i] === to[to.length - i]; i++) if (from[from.length - i] === '/') suffix = i;
	const a = from.slice(prefix, from.length - suffix);
	const b = to.slice(prefix, to.length - suffix);
	if (prefix === 0 && suffix === 0) return `${from} => ${to}`;
	return `${from.slice(0, prefix)}{${a} => ${b}}${from.slice(from.length - suffix)}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function statLines(files: readonly StatFile[], width: number | null, paint: Paint = text => text): string[] {
	if (files.length === 0) return [];
	const names = files.map(f => maskSecrets(f.oldPath !== null && f.newPath !== null ? renameName(f.oldPath, f.newPath) : (f.newPath ?? f.oldPath ?? '')));
	const counts = files.map(f => (f.binary ? 'Bin' : String(f.added + f.removed)));
	const total = width ?? 80;
	const countWidth = Math.max(...counts.map(c => c.length));
	const nameWidth = Math.min(Math.max(...names.map(displayWidth)), Math.max(10, Math.floor(total * 0.6)));
	const graphWidth = Math.max(10, total - nameWidth - countWidth - 6);
	const most = Math.max(1, ...files.map(f => f.added + f.removed));
	const scale = (n: number) => (most <= graphWidth ? n : n === 0 ? 0 : Math.max(1, Math.round((n * graphWidth) / most)));
	const lines = files.map((f, i) => {
		const shown = truncateStart(names[i]!, nameWidth);
		const name = shown + ' '.repeat(Math.max(0, nameWidth - displayWidth(shown)));
		if (f.binary) {
			const {before, after} = f.binary;
			const sizes = before !== null && after !== null ? ` ${before} -> ${after} bytes` : '';
			return ` ${name} | ${'Bin'.padStart(countWidth)}${sizes}`;
		}
		const plus = scale(f.added);
		const minus = scale(f.removed);
		const graph = `${paint('+'.repeat(plus), 'green')}${paint('-'.repeat(minus), 'red')}`;
		return ` ${name} | ${counts[i]!.padStart(countWidth)}${graph ? ` ${graph}` : ''}`;
	});
	const added = files.reduce((n, f) => n + f.added, 0);
	const removed = files.reduce((n, f) => n + f.removed, 0);
	const parts = [plural(files.length, 'file changed', 'files changed')];
	// git names both counts when both are 0 (only binary files or renames), else only those that are not
	if (added > 0 || removed === 0) parts.push(plural(added, 'insertion(+)', 'insertions(+)'));
	if (removed > 0 || added === 0) parts.push(plural(removed, 'deletion(-)', 'deletions(-)'));
	return [...lines, ` ${parts.join(', ')}`];
}
