import type {BuildOptions, Plugin} from 'esbuild';

export const startupPatches: unknown[];
export const startupPatch: Plugin;
export function bundleOptions(options: {entryPoints: Record<string, string>; outdir: string}): BuildOptions & {write: false};
