/**
 * esbuild names each bundled module in a comment (`// node_modules/zod/v4/…`, `// source/cli.tsx`),
 * relative to the checkout: where node_modules is a link to another checkout's (a git worktree
 * sharing one install) it writes `// ../../main/node_modules/zod/…`. A pattern for a package's
 * modules must match both, or a "never bundled here" check passes on a build it cannot read.
 */
export function fromPackage(path: string, flags = 'm'): RegExp {
	return new RegExp(`^// (?:[^\\n]*/)?node_modules/${path}`, flags);
}
