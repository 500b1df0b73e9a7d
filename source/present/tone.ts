/** How a word reads, named, not coloured: the UI's theme (ui/theme.ts) gives each tone its colour. */
export type Tone = 'ok' | 'warn' | 'error' | 'muted' | 'info' | 'stuck';
