/**
 * The line `ohtui status` prints: counts by attention state (store/needsYou.ts) across the servers,
 * in the default form `⚑2 ▶5` (need you, running; `✗1` when a server could not be asked), or in a
 * `--format` with placeholders; `--tmux` wraps the numbers in tmux styles (`#[fg=red]`).
 */
import {UsageError} from '../config/errors.js';
import {ATTENTION_ORDER, type AttentionState} from '../store/attention/needsYou.js';
import {NEEDS_YOU_MARK, RUNNING_MARK} from '../present/states.js';

export type Counts = Record<AttentionState, number> & {needs: number; total: number; down: number; servers: number};

export const PLACEHOLDERS = ['needs', 'running', ...ATTENTION_ORDER.filter(s => s !== 'running'), 'total', 'down', 'servers'] as const;

export function emptyCounts(servers: number): Counts {
	const counts = {needs: 0, total: 0, down: 0, servers} as Counts;
	for (const state of ATTENTION_ORDER) counts[state] = 0;
	return counts;
}

/** Styles for tmux: https://man.openbsd.org/tmux#STYLES. Only what has a count worth seeing is coloured. */
const TMUX: Partial<Record<keyof Counts, string>> = {needs: 'fg=red,bold', waiting: 'fg=red,bold', error: 'fg=red', stuck: 'fg=magenta', finished: 'fg=cyan', running: 'fg=green', down: 'fg=yellow'};

function styled(name: keyof Counts, text: string, value: number, tmux: boolean): string {
	const style = TMUX[name];
	return tmux && style && value > 0 ? `#[${style}]${text}#[default]` : text;
}

/** Checked before any request: an unknown placeholder is a usage error, not a line with `{oops}` in a status bar. */
export function checkFormat(format: string): void {
	for (const match of format.matchAll(/\{([^{}]*)\}/g)) {
		if (!(PLACEHOLDERS as readonly string[]).includes(match[1]!)) throw new UsageError(`--format: unknown placeholder (known: ${PLACEHOLDERS.map(p => `{${p}}`).join(' ')})`);
	}
}

/** When no server could be asked at all. */
export function failureMarker(tmux: boolean): string {
	return tmux ? '#[fg=yellow]ohtui ✗#[default]' : 'ohtui ✗';
}

export function statusLine(counts: Counts, format: string | undefined, tmux: boolean): string {
	if (counts.down === counts.servers) return failureMarker(tmux);
	if (format === undefined) {
		const parts = [styled('needs', `${NEEDS_YOU_MARK}${counts.needs}`, counts.needs, tmux), styled('running', `${RUNNING_MARK}${counts.running}`, counts.running, tmux)];
		if (counts.down > 0) parts.push(styled('down', `✗${counts.down}`, counts.down, tmux));
		return parts.join(' ');
	}
	return format.replace(/\{([a-z]+)\}/g, (_whole, name: keyof Counts) => styled(name, String(counts[name]), counts[name], tmux));
}
