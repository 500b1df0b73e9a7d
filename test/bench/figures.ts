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

export type Bench = {name: string; run(): Promise<Figure[]>};

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
