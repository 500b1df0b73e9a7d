import type {Plugin} from 'esbuild';

export type InkPatch = {name: string; file: string; retiredBy: string; replacements: Array<[string, string]>};
export const patches: InkPatch[];
export const ALL: string[];
export function patchSource(source: string, file: string, names?: readonly string[]): string;
export function inkOutputFix(names?: readonly string[]): Plugin;
