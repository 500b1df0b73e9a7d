import React from 'react';
import {render} from 'ink';
import type {Store} from '../store/types.js';
import {FatalBoundary} from '../terminal/FatalBoundary.js';
import {createNotifier, type NotifyMode} from '../terminal/notify.js';
import {App} from '../ui/App.js';
import {notifyOnAttention} from '../ui/attentionNotify.js';
import {setReadOnly} from '../ui/keymap.js';

export type RenderAppOptions = {
	store: Store;
	serverLabel: string;
	demo: boolean;
	onQuit: () => void;
	onFatal: (error: unknown) => void;
	/** how a new attention item calls the user (issue 11); default bell */
	notify?: NotifyMode;
	/** `--read-only`: keys that change something on the server are off */
	readOnly?: boolean;
};

/**
 * The UI half of the start-up (React, Ink, the views), loaded by the entry with import() only when
 * a terminal UI is going to run: `--help`, `--version` and `serve` never parse it.
 */
export function renderApp({store, serverLabel, demo, onQuit, onFatal, notify = 'bell', readOnly = false}: RenderAppOptions): {unmount(): void} {
	setReadOnly(readOnly);
	// Around Ink, like the clipboard: BEL and OSC bytes move no cursor, and Ink's write would redraw.
	const notifier = createNotifier({mode: notify, env: process.env, write: data => process.stdout.write(data)});
	const stopNotifying = notifyOnAttention(store, notifier);
	const instance = render(
		<FatalBoundary onFatal={onFatal}>
			<App store={store} serverLabel={serverLabel} demo={demo} onQuit={onQuit} />
		</FatalBoundary>,
		{exitOnCtrlC: false, patchConsole: false, incrementalRendering: true},
	);
	return {
		unmount() {
			stopNotifying();
			notifier.close();
			instance.unmount();
		},
	};
}
