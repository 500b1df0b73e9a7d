/**
 * The two sh scripts ohtui sends to an agent server's bash route (POSIX sh: the server runs
 * `create_subprocess_shell`, /bin/sh, dash on Debian; no pipefail, no bash-isms).
 *
 * - The workspace's patch where the server has no `GET /api/file/archive` (before SDK 1.30): what
 *   that route runs (`file_router.py` `_create_git_delta`), by hand: a scratch index seeded from the
 *   base, `git add -A`, `git diff --binary --cached BASE`, written to a file and printed as base64
 *   (the bash route decodes output as UTF-8 with replacement, which raw bytes would not survive).
 *   The base: the ref asked for, else the branch on origin, else HEAD (the archive's own default
 *   would be the empty tree there), else the empty tree (no commit yet). `base <sha>` on stderr.
 *   Exit 3: the ref does not resolve; 128: not a repository.
 * - A folder's files: `#git` and `git ls-files -z` (tracked and untracked, ignored ones left out)
 *   in a repository, else `#dir` and `ls -A1p` (folders end in `/`).
 */

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** A word for sh: single quotes, with `'` written as `'\''`. */
export function shellQuote(word: string): string {
	return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export function patchScript(ref: string | null): string {
	return [
		`ref='${(ref ?? '').replaceAll("'", `'\\''`)}'`,
		'd=$(mktemp -d) || exit 1',
		'if [ -n "$ref" ]; then',
		'  base=$(git rev-parse -q --verify "$ref^{commit}") || { echo "unknown ref: $ref" >&2; rm -rf "$d"; exit 3; }',
		'else',
		'  git rev-parse --git-dir >/dev/null || { rm -rf "$d"; exit 128; }',
		`  base=$(git rev-parse -q --verify "origin/$(git rev-parse --abbrev-ref HEAD 2>/dev/null)^{commit}" 2>/dev/null || git rev-parse -q --verify 'HEAD^{commit}' || echo ${EMPTY_TREE})`,
		'fi',
		'GIT_INDEX_FILE="$d/index"; export GIT_INDEX_FILE',
		'git read-tree "$base" && git add -A -- . && git diff --binary --cached --no-color --no-ext-diff --src-prefix=a/ --dst-prefix=b/ "$base" -- . > "$d/patch" && echo "base $base" >&2 && base64 "$d/patch"',
		's=$?; rm -rf "$d"; exit $s',
	].join('\n');
}

export const LIST_SCRIPT = [
	'if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then',
	'  echo "#git"; git ls-files -z --cached --others --exclude-standard',
	'else',
	'  echo "#dir"; ls -A1p',
	'fi',
].join('\n');
