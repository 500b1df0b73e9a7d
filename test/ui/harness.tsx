/** Renders <App/> over a FakeStore at a chosen size, with key helpers that wait for Ink, not a clock. */
import React from 'react';
import {render} from 'ink-testing-library';
import {vi} from 'vitest';
import {App, type AppProps} from '../../source/ui/App.js';
import type {StoreSnapshot} from '../../source/store/types.js';
import {FakeStore} from './fakeStore.js';
import {fleetOf} from './fakeFleet.js';
import {NOW, snapshot} from './fixtures.js';

export const KEYS = {
	enter: '\r',
	esc: '\x1b',
	tab: '\t',
	shiftTab: '\x1b[Z',
	up: '\x1b[A',
	down: '\x1b[B',
	pageDown: '\x1b[6~',
	pageUp: '\x1b[5~',
	ctrlR: '\x12',
	ctrlC: '\x03',
	backspace: '\x7f',
} as const;

const tick = () => new Promise<void>(resolve => setImmediate(resolve));

export type Harness = ReturnType<typeof renderApp>;

export function renderApp(
	options: {snapshot?: Partial<StoreSnapshot>; store?: FakeStore; columns?: number; rows?: number} & Partial<AppProps> = {},
) {
	const store = options.store ?? new FakeStore(snapshot(options.snapshot));
	const onQuit = options.onQuit ?? vi.fn();
	const written: string[] = [];
	const {snapshot: _s, store: _st, columns = 100, rows = 30, ...rest} = options;
	const fleet = options.fleet ?? fleetOf(store);
	const clock = () => NOW;
	const writeRaw = (data: string) => void written.push(data);
	const env = {};
	const element = (size: {columns: number; rows: number}) => (
		<App fleet={fleet} serverLabel="http://127.0.0.1:3000" demo={false} onQuit={onQuit} size={size} now={clock} env={env} writeRaw={writeRaw} {...rest} />
	);
	const instance = render(element({columns, rows}));
	const frame = () => instance.lastFrame() ?? '';
	return {
		...instance,
		store,
		fleet,
		onQuit,
		written,
		frame,
		resize(next: {columns: number; rows: number}) {
			instance.rerender(element(next));
		},
		/** types keys one at a time, letting Ink's input parser and React settle in between */
		async press(...keys: string[]) {
			for (const key of keys) {
				await tick();
				instance.stdin.write(key);
				await tick();
				await tick();
			}
		},
		async waitFor(text: string | RegExp) {
			await vi.waitFor(() => {
				const f = frame();
				if (typeof text === 'string' ? !f.includes(text) : !text.test(f)) throw new Error(`frame lacks ${String(text)}:\n${f}`);
			});
			return frame();
		},
		async waitForGone(text: string) {
			await vi.waitFor(() => {
				if (frame().includes(text)) throw new Error(`frame still has ${text}:\n${frame()}`);
			});
			return frame();
		},
	};
}

/** The line of the frame holding the selection marker. */
export function selectedLine(frame: string): string {
	return frame.split('\n').find(line => line.trimStart().startsWith('›')) ?? '';
}
