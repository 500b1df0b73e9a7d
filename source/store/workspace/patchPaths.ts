/**
 * Whether a path a patch names stays inside the checkout it is applied in (issue 28 item 1). The
 * patch comes from the agent server as it is: a hostile or broken one could name `../../etc/x`, an
 * absolute path or a file under `.git/` (a hook that runs on the next checkout). `git apply` refuses
 * those (its verify_path), but `patch -p1` and other tools take some of them, and a patch that holds
 * one is not the workspace's changes: such a section is left out and named, never written as if fine.
 * The rules are git's own: no absolute path, no empty, `.` or `..` component, no `.git` component
 * (in any case, as git compares it).
 */

/** Why `path` could leave the checkout; null when it stays inside. */
export function unsafePatchPath(path: string): string | null {
	if (path === '') return 'an empty path';
	if (path.startsWith('/')) return 'an absolute path';
	if (path.includes('\0')) return 'a NUL byte';
	for (const part of path.split('/')) {
		if (part === '' || part === '.') return 'an empty or "." component';
		if (part === '..') return 'a ".." component';
		if (part.toLowerCase() === '.git') return 'a file under .git';
	}
	return null;
}

/** The first of `paths` that could leave the checkout, with why; null when all stay inside. */
export function firstUnsafe(paths: readonly string[]): {path: string; why: string} | null {
	for (const path of paths) {
		const why = unsafePatchPath(path);
		if (why !== null) return {path, why};
	}
	return null;
}
