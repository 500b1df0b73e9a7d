import type {BuildOptions, Plugin} from 'esbuild';

export const startupPatches: unknown[];
export const startupPatch: Plugin;
export function bundleOptions(options: {entryPoints: Record<string, string>; outdir: string; inkPatches?: readonly string[]}): BuildOptions & {write: false};
