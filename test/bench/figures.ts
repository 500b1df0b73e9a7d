import type {Probe} from '../support/ptyProbe.js';
/** One measured figure with its target; `pass` is null when there is no target (informative). */
export type Figure = {
	bench: string;
	name: string;
	value: number;
	unit: string;
	/** e.g. `<= 3x node -e 0 (312 ms)` */
	target: string;
	pass: boolean | null;
	note?: string;
};

/**
 * `runCompared` (optional): this build and another (`--compare ROOT`) measured in one loop,
 * interleaved, so both see the same load; without it, run.ts runs the bench on each in turn.
 */
export type Bench = {name: string; run(): Promise<Figure[]>; runCompared?(otherRoot: string): Promise<{figures: Figure[]; other: Figure[]}>};

export function median(values: readonly number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 1): number {
	const scale = 10 ** digits;
	return Math.round(value * scale) / scale;
}

export const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

export const TAB_NAMES = ['Settings', 'Conversations', 'Sandboxes', 'Specs'];
export const hasTabs = (screen: string) => TAB_NAMES.every(name => screen.includes(name));
export const STATUS_ROW = /\b(RUNNING|PAUSED|ERROR|STARTING|MISSING)\b/;

/** The start every pty bench shares: wait for the first frame, go to Sandboxes, wait for rows. */
export async function openSandboxesTab(probe: Probe): Promise<void> {
	await probe.waitForScreen(hasTabs, 'tabs');
	probe.press('3');
	await probe.waitForScreen(screen => STATUS_ROW.test(screen), 'sandbox rows');
}

/** The screen line that shows a sandbox (ids are cut in the middle: match the tail). */
export function lineOf(screen: string, id: string): string | undefined {
	return screen.split('\n').find(line => line.includes(id.slice(-8)));
}

/**
 * Requests per refresh interval from the arrival times of one poller's requests, independent of
 * where the window cut the poll's cycle: a window of 60 s holds 13 polls of a 5 s poller when it
 * opens just before one, although no two are less than 5 s apart. The rate is the polls between
 * the first and the last arrival over the time between them; the smallest gap is given beside it.
 */
export function pollRate(times: readonly number[], intervalMs: number): {perInterval: number; minGapMs: number; note: string} {
	const sorted = [...times].sort((a, b) => a - b);
	if (sorted.length < 2) return {perInterval: 0, minGapMs: Number.POSITIVE_INFINITY, note: `${sorted.length} request(s) in the window`};
	const span = sorted.at(-1)! - sorted[0]!;
	let minGapMs = Number.POSITIVE_INFINITY;
	for (let i = 1; i < sorted.length; i++) minGapMs = Math.min(minGapMs, sorted[i]! - sorted[i - 1]!);
	const perInterval = span > 0 ? ((sorted.length - 1) * intervalMs) / span : Number.POSITIVE_INFINITY;
	return {perInterval, minGapMs, note: `${sorted.length} requests, ${round(span / 1000, 1)} s first to last, smallest gap ${round(minGapMs / 1000, 2)} s`};
}
