import type {Plugin} from 'esbuild';

export const needle: string;
export const replacement: string;
export function patchLogUpdate(source: string, file?: string): string;
export const inkCursorUpFix: Plugin;
