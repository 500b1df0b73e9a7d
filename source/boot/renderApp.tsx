import React from 'react';
import {render} from 'ink';
import type {Store} from '../store/types.js';
import {FatalBoundary} from '../terminal/FatalBoundary.js';
import {App} from '../ui/App.js';

export type RenderAppOptions = {
	store: Store;
	serverLabel: string;
	demo: boolean;
	onQuit: () => void;
	onFatal: (error: unknown) => void;
};

/**
 * The UI half of the start-up (React, Ink, the views), loaded by the entry with import() only when
 * a terminal UI is going to run: `--help`, `--version` and `serve` never parse it.
 */
export function renderApp({store, serverLabel, demo, onQuit, onFatal}: RenderAppOptions): {unmount(): void} {
	return render(
		<FatalBoundary onFatal={onFatal}>
			<App store={store} serverLabel={serverLabel} demo={demo} onQuit={onQuit} />
		</FatalBoundary>,
		{exitOnCtrlC: false, patchConsole: false, incrementalRendering: true},
	);
}
