import type {BuildOptions} from 'esbuild';

export {builtinsViaRequire, startupPatch, startupPatches, toEsmOnce, wsOptionalNatives, zodEnglishOnly} from './bundlePlugins.mjs';
export function bundleOptions(options: {entryPoints: Record<string, string>; outdir: string; inkPatches?: readonly string[]}): BuildOptions & {write: false};
export function tuiOptions(): BuildOptions & {write: false};
export function tuiStaticInputs(): Promise<{eager: string[]; all: string[]}>;
