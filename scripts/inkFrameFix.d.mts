import type {Plugin} from 'esbuild';

export const patch: {name: string; file: string; retiredBy: string; replacements: Array<[string, string]>};
export function patchInk(source: string, file: string): string;
export function inkFrameFix(): Plugin;
