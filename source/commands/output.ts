/**
 * What a command writes: plain lines, a table sized to the terminal (tab-separated columns without a
 * header when stdout is not a terminal, as `gh` does, so `cut -f1` and `awk -F'\t'` work), or one
 * JSON document. Every cell is already clean and masked by the caller (text/sanitize.ts,
 * text/secrets.ts); this module only measures and cuts by terminal columns.
 */
import type {Env} from '../config/env.js';
import {type Cut, displayWidth, fit} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';

export type Out = {write(text: string): unknown};

export type CommandIo = {
	stdout: Out & {isTTY?: boolean; columns?: number};
	stderr: Out;
	stdin: NodeJS.ReadableStream & {isTTY?: boolean};
	env: Env;
	now(): number;
	/** fires on Ctrl-c / SIGTERM: a command that follows or waits stops cleanly */
	signal: AbortSignal;
	/** starts `ohtui ARGS` detached, for `status`'s refresh in the background; absent: it is done in the foreground */
	refresh?: (argv: readonly string[]) => void;
};

export type Column<T> = {
	title: string;
	text(item: T): string;
	/** gives up width when the terminal is narrow, highest first, each down to `min` (titles last: they are what is read) */
	shrink?: number;
	/** narrowest a shrinking column gets before columns are dropped */
	min?: number;
	/** dropped when the terminal is narrow, highest first; 0: never */
	drop?: number;
	align?: 'left' | 'right';
	/** where a text too long is cut: true keeps both ends (ids), 'start' the end (an image's tag, as the TUI does) */
	middle?: boolean | Cut;
};

/** `ohtui <name>: <text>` on stderr, cleaned and masked. */
export function warnTo(name: string, stderr: Out): (text: string) => void {
	return text => {
		stderr.write(`ohtui ${name}: ${maskSecrets(text)}\n`);
	};
}

const GAP = 2;

/** Terminal width when stdout is a terminal; null when it is a pipe or a file. */
export function terminalWidth(io: Pick<CommandIo, 'stdout'>): number | null {
	if (!io.stdout.isTTY) return null;
	return io.stdout.columns && io.stdout.columns > 0 ? io.stdout.columns : 80;
}

/** The table's lines: aligned with a header for a terminal of `width` columns, else tab-separated rows. */
export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[], width: number | null): string[] {
	const cells = rows.map(row => columns.map(c => c.text(row)));
	if (width === null) return cells.map(line => line.join('\t'));
	let shown = columns.map((_, i) => i);
	const natural = columns.map((c, i) => Math.max(displayWidth(c.title), ...cells.map(line => displayWidth(line[i]!))));
	const total = (indexes: number[], widths: number[]) => indexes.reduce((sum, i) => sum + widths[i]!, 0) + GAP * (indexes.length - 1);
	const widths = [...natural];
	for (;;) {
		let excess = total(shown, widths) - width;
		if (excess <= 0) break;
		const shrinking = shown.filter(i => (columns[i]!.shrink ?? 0) > 0).sort((a, b) => columns[b]!.shrink! - columns[a]!.shrink!);
		for (const i of shrinking) {
			const column = columns[i]!;
			if (excess <= 0) break;
			const floor = Math.min(natural[i]!, column.min ?? 10);
			const give = Math.min(excess, widths[i]! - floor);
			widths[i] = widths[i]! - give;
			excess -= give;
		}
		if (excess <= 0) break;
		const droppable = shown.filter(i => (columns[i]!.drop ?? 0) > 0).sort((a, b) => columns[b]!.drop! - columns[a]!.drop!);
		if (droppable.length === 0) break;
		shown = shown.filter(i => i !== droppable[0]);
	}
	const line = (texts: readonly string[]) =>
		shown
			.map((i, n) => {
				const column = columns[i]!;
				const last = n === shown.length - 1 && column.align !== 'right';
				const text = fit(texts[i]!, widths[i]!, column.align ?? 'left', column.middle ?? false);
				return last ? text.trimEnd() : text;
			})
			.join(' '.repeat(GAP));
	return [line(columns.map(c => c.title)), ...cells.map(texts => line(texts))];
}

export function writeLines(out: Out, lines: readonly string[]): void {
	if (lines.length > 0) out.write(`${lines.join('\n')}\n`);
}

export function writeJson(out: Out, value: unknown): void {
	out.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** An ISO time for JSON, or null (a time the server sent that is no time is null, not a made-up date). */
export function isoTime(at: number | null | undefined): string | null {
	if (at === null || at === undefined || !Number.isFinite(at)) return null;
	const date = new Date(at);
	return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
