/** What every view needs from the app shell, passed once through context. */
import {createContext, useContext} from 'react';
import type {Fleet} from '../fleet/types.js';

export type Ui = {
	/** every server's data and actions (the UI never sees a store) */
	fleet: Fleet;
	/** clock for relative times and health (tests pin it) */
	now(): number;
	/**
	 * copies `text` to the terminal clipboard (OSC 52, terminal/clipboard.ts) and says so in the
	 * footer, by `label` when given (a URL with a token is never echoed), or why it could not
	 */
	copy(text: string, label?: string): void;
	/** copies bytes as they are (a patch: nothing cleaned out of it) and says so by `label` */
	copyBytes(bytes: Buffer, label: string): void;
	/** a footer message that does not come from the store */
	notify(level: 'info' | 'error', text: string): void;
};

export const UiContext = createContext<Ui | null>(null);

export function useUi(): Ui {
	const ui = useContext(UiContext);
	if (!ui) throw new Error('useUi outside <App>');
	return ui;
}
