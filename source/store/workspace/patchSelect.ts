/**
 * Which sections of a patch a list of paths asks for (`ohtui diff 3f2a src/ README.md`, the app's
 * one-file patch): a path names a file, or a folder and everything under it; a moved file is
 * named by either of its names. Paths are relative to the repository, as the changes list gives
 * them; `./` and a trailing `/` do not matter.
 */
import type {Section} from './patchReader.js';

export function normalizePath(path: string): string {
	return path.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

export type Selector = {
	(section: Section): boolean;
	/** the paths that matched no section so far */
	unmatched(): string[];
};

export function selectPaths(paths: readonly string[]): Selector | null {
	const wanted = [...new Set(paths.map(normalizePath))];
	if (wanted.length === 0) return null;
	const hit = new Set<string>();
	const matches = (name: string | null) => {
		if (name === null) return false;
		let any = false;
		for (const p of wanted) {
			if (p === '' || p === '.' || name === p || name.startsWith(`${p}/`)) {
				hit.add(p);
				any = true;
			}
		}
		return any;
	};
	const select = ((section: Section) => {
		const a = matches(section.oldPath);
		const b = matches(section.newPath);
		return a || b;
	}) as Selector;
	select.unmatched = () => wanted.filter(p => !hit.has(p));
	return select;
}
