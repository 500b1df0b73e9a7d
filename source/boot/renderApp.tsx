import React from 'react';
import {render} from 'ink';
import chalk from 'chalk';
import type {NotifyMode} from '../config/flags.js';
import type {Fleet} from '../fleet/types.js';
import {FatalBoundary} from '../terminal/FatalBoundary.js';
import {App} from '../ui/App.js';
import {applyKeyOverrides, type KeyOverrides} from '../ui/keys/overrides.js';
import {registerKnownSecret} from '../text/secrets.js';
import type {ThemeChoice} from '../ui/theme.js';

export type RenderAppOptions = {
	fleet: Fleet;
	/** the server's URL for the header; '' while the demo server is still starting (see setServerLabel) */
	serverLabel: string;
	demo: boolean;
	onQuit: () => void;
	onFatal: (error: unknown) => void;
	/** the user's API keys (one per server): scrubbed from every string shown (text/secrets.ts) */
	apiKeys?: readonly string[];
	/** the config file's `keys`, already checked by resolveConfig */
	keys?: KeyOverrides;
	/** lines for the footer at start (the config file permission warning) */
	notices?: readonly string[];
	/** `--theme` / config `theme` */
	theme?: ThemeChoice;
	/** Ctrl-z (terminal/suspend.ts); false where the process cannot be stopped */
	suspend?: () => boolean;
	/** after `fg`: the UI redraws in full */
	onResume?: (listener: () => void) => () => void;
	/** TERM=dumb or unset (terminal/screen.ts): no colours and no attributes, whatever chalk found */
	plain?: boolean;
	/** Config.readOnly, for App */
	readOnly?: boolean;
	/** Config.notify, for App */
	notify?: NotifyMode;
	/** Config.notifyCommand, for App */
	notifyCommand?: readonly string[] | null;
	/** the window title (terminal/screen.ts), for App */
	setTitle?: (text: string) => void;
	/** one line to the log file (a notify command's failure) */
	log?: (line: string) => void;
	/** `ohtui --needs-you`: the UI opens on the needs-you list */
	openAttention?: boolean;
};

/**
 * The UI half of the start-up (React, Ink, the views), loaded by the entry with import() only when
 * a terminal UI is going to run: `--help`, `--version` and `serve` never parse it.
 */
export function renderApp({fleet, serverLabel, demo, onQuit, onFatal, apiKeys = [], keys, notices, theme, suspend, onResume, plain, readOnly = false, notify = 'bell', notifyCommand = null, setTitle, log, openAttention = false}: RenderAppOptions): {
	unmount(): void;
	/** the header's server label, once known (the demo server listens after the first frame) */
	setServerLabel(label: string): void;
} {
	for (const key of apiKeys) registerKnownSecret(key);
	// Ink draws through chalk's default instance: level 0 leaves every style out, and the theme
	// (which reads the same level) switches to its text marks.
	if (plain) chalk.level = 0;
	if (keys) applyKeyOverrides(keys);
	const tree = (label: string) => (
		<FatalBoundary onFatal={onFatal}>
			<App
				fleet={fleet}
				serverLabel={label}
				demo={demo}
				onQuit={onQuit}
				startNotices={notices}
				theme={theme}
				onSuspend={suspend}
				onResume={onResume}
				readOnly={readOnly}
				notify={notify}
				notifyCommand={notifyCommand}
				setTitle={setTitle}
				log={log}
				openAttention={openAttention}
			/>
		</FatalBoundary>
	);
	const instance = render(tree(serverLabel), {exitOnCtrlC: false, patchConsole: false, incrementalRendering: true});
	return {
		unmount: () => {
			instance.unmount();
		},
		setServerLabel(label) {
			instance.rerender(tree(label));
		},
	};
}
