import React, {useLayoutEffect} from 'react';
import {render, useApp} from 'ink';
import chalk from 'chalk';
import type {NotifyMode} from '../config/flags.js';
import type {Fleet} from '../fleet/types.js';
import {bridgeNode20} from '../runtime/node20.js';
import {FatalBoundary} from '../terminal/FatalBoundary.js';
import type {HandOver} from '../terminal/handOff.js';
import {App} from '../ui/App.js';
import type {KeyOverrides} from '../keymap/overrides.js';
import {applyKeyOverrides} from '../ui/keys/activeKeymap.js';
import {registerKnownSecret} from '../text/secrets.js';
import type {ThemeChoice} from '../ui/theme.js';

export type RenderAppOptions = {
	/** the servers; each one's URL for the header is its label ('' while a demo server starts: Fleet.setLabel) */
	fleet: Fleet;
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
	/** gets Ink's suspendTerminal once the UI is drawn: an outside SIGTSTP hands the terminal over with it */
	attachTerminal?: (handOver: HandOver) => () => void;
	/** TERM=dumb or unset (terminal/screen.ts): no colours and no attributes, no alternate screen,
	 * no bracketed paste, whatever chalk found */
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
 * The UI half of the start-up (React, Ink, the views), in the TUI's chunk (./runApp.ts), which the
 * entry loads only when a terminal UI is going to run: `--help`, `--version` and `serve` never parse it.
 */
export function renderApp({fleet, demo, onQuit, onFatal, apiKeys = [], keys, notices, theme, suspend, attachTerminal, plain = false, readOnly = false, notify = 'bell', notifyCommand = null, setTitle, log, openAttention = false}: RenderAppOptions): {
	unmount(): void;
} {
	bridgeNode20();
	// the user's own keys stay for the run; sandbox session keys come and go (text/knownSecrets.ts)
	for (const key of apiKeys) registerKnownSecret(key, {pinned: true});
	// Ink draws through chalk's default instance: level 0 leaves every style out, and the theme
	// (which reads the same level) switches to its text marks.
	if (plain) chalk.level = 0;
	if (keys) applyKeyOverrides(keys);
	const instance = render(
		<FatalBoundary onFatal={onFatal}>
			{attachTerminal ? <TerminalHandle attach={attachTerminal} /> : null}
			<App
				fleet={fleet}
				demo={demo}
				onQuit={onQuit}
				startNotices={notices}
				theme={theme}
				onSuspend={suspend}
				bracketedPaste={!plain}
				readOnly={readOnly}
				notify={notify}
				notifyCommand={notifyCommand}
				setTitle={setTitle}
				log={log}
				openAttention={openAttention}
			/>
		</FatalBoundary>,
		{
			exitOnCtrlC: false,
			patchConsole: false,
			incrementalRendering: true,
			// the entry has checked that stdin and stdout are terminals: draw as on one even where
			// is-in-ci would say otherwise (CI=true in a user's shell made Ink 6.8 write only the last frame)
			interactive: true,
			alternateScreen: !plain,
		},
	);
	return {
		unmount: () => {
			instance.unmount();
		},
	};
}

/** Hands Ink's suspendTerminal to the entry's suspender (an outside SIGTSTP is not a key press). */
function TerminalHandle({attach}: {attach: (handOver: HandOver) => () => void}): null {
	const {suspendTerminal} = useApp();
	useLayoutEffect(() => attach(async during => suspendTerminal(during)), [attach, suspendTerminal]);
	return null;
}
