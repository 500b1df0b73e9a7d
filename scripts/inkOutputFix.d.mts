import type {Plugin} from 'esbuild';

export const patches: Record<string, Array<[string, string]>>;
export function patchSource(source: string, file: string): string;
export const inkOutputFix: Plugin;
