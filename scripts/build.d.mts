import type {BuildOptions, Plugin} from 'esbuild';

export const startupPatches: unknown[];
export const startupPatch: Plugin;
export const builtinsViaRequire: Plugin;
export const toEsmOnce: Plugin;
export function bundleOptions(options: {entryPoints: Record<string, string>; outdir: string; inkPatches?: readonly string[]}): BuildOptions & {write: false};
