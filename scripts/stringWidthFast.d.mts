import type {Plugin} from 'esbuild';

export const stringWidthFast: Plugin;
