import type {Plugin} from 'esbuild';

export const startupPatches: unknown[];
export const startupPatch: Plugin;
export const builtinsViaRequire: Plugin;
export const zodEnglishOnly: Plugin;
export const wsOptionalNatives: Plugin;
export const toEsmOnce: Plugin;
