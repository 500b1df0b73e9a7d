/**
 * The app: what every view shares (theme, clipboard, notifications, the fleet and notices through
 * UiContext, view memory, the KeyRouter) around the Shell (./Shell.tsx), which draws header, view
 * and footer. Every view is a small component over headless hooks.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore} from 'react';
import {useStdout} from 'ink';
import type {NotifyMode} from '../config/flags.js';
import type {Fleet} from '../fleet/types.js';
import type {Notice} from '../store/types.js';
import {createClipboard} from '../terminal/clipboard.js';
import {createNotifier} from '../terminal/notify.js';
import {createCommandNotifier} from '../terminal/notifyCommand.js';
import {notifyOnAttention} from './attentionNotify.js';
import {windowTitle} from '../present/attentionText.js';
import {UiContext, type Ui} from './context.js';
import {shortId} from '../present/format.js';
import {isReadOnly, setReadOnly} from './keys/activeKeymap.js';
import {KeyRouter} from './keys/KeyRouter.js';
import {clean, cleanForCopy} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {useSessionKeys} from './sessionKeys.js';
import {Shell} from './Shell.js';
import {ThemeContext, createTheme, type ThemeChoice} from './theme.js';
import {ViewMemory} from './usePersistentState.js';
import type {Size} from './useTerminalSize.js';

export type AppProps = {
	/** the servers' stores, merged (source/fleet/) */
	fleet: Fleet;
	/** the one server's URL, shown in the header; default the fleet's label for it (Fleet.setLabel) */
	serverLabel?: string;
	/** true when talking to the embedded stand-in server */
	demo: boolean;
	/** called once when the user quits (q / Ctrl-c) */
	onQuit: () => void;
	/** fixed terminal size (tests: ink-testing-library has no rows); default: stdout, re-read on resize */
	size?: Size;
	/** clock (tests pin it); default Date.now */
	now?: () => number;
	/** environment for NO_COLOR and TMUX; default process.env */
	env?: NodeJS.ProcessEnv;
	/** where the OSC 52 clipboard sequence goes; default straight to Ink's stdout */
	writeRaw?: (data: string) => void;
	/** warnings from start-up (a config file readable by others), shown in the footer at once */
	startNotices?: readonly string[];
	/** `--theme`; default auto (COLORFGBG) */
	theme?: ThemeChoice;
	/** the colour level to draw for; default chalk's (the one Ink uses) */
	colorLevel?: number;
	/** Ctrl-z: stop like any full-screen program; false where no shell can resume ohtui */
	onSuspend?: () => boolean;
	/** turn the terminal's bracketed paste mode on (not under TERM=dumb); default true */
	bracketedPaste?: boolean;
	/**
	 * `--read-only`; default false. Also on while every server in view was opened read-only (profile
	 * `readOnly`). The header says so.
	 */
	readOnly?: boolean;
	/** `--notify` / config `notify` (Config.notify): how an agent that needs you is announced; default bell */
	notify?: NotifyMode;
	/** config `notifyCommand`: a program run for each announcement (terminal/notifyCommand.ts) */
	notifyCommand?: readonly string[] | null;
	/** sets the window title (terminal/screen.ts): `ohtui · 2 need you` while something needs you */
	setTitle?: (text: string) => void;
	/** one line to the log file */
	log?: (line: string) => void;
	/** `ohtui --needs-you`: open on the needs-you list */
	openAttention?: boolean;
};

export function App({
	fleet,
	serverLabel,
	demo,
	onQuit,
	size,
	now = Date.now,
	env = process.env,
	writeRaw,
	startNotices,
	theme: themeChoice,
	colorLevel,
	onSuspend,
	bracketedPaste = true,
	readOnly: readOnlyFlag = false,
	notify = 'bell',
	notifyCommand = null,
	setTitle,
	log,
	openAttention = false,
}: AppProps) {
	// The one keymap the router, the help and the footer read turns the mutating keys off (keys/activeKeymap.ts).
	const everyReadOnly = useSyncExternalStore(fleet.subscribe, () => fleet.getSnapshot().servers.every(server => server.readOnly));
	const readOnly = readOnlyFlag || everyReadOnly;
	if (isReadOnly() !== readOnly) setReadOnly(readOnly);
	const theme = useMemo(() => createTheme(env, {choice: themeChoice, level: colorLevel}), [env, themeChoice, colorLevel]);
	const {stdout} = useStdout();
	const [localNotice, setLocalNotice] = useState<Notice | null>(() =>
		startNotices?.length ? {level: 'error', text: startNotices.join('; '), at: now()} : null,
	);
	const quitOnce = useRef(false);
	// the sandboxes' session keys are secrets wherever the server echoes them (./sessionKeys.ts)
	useSessionKeys(fleet);
	const quit = useCallback(() => {
		if (quitOnce.current) return;
		quitOnce.current = true;
		onQuit();
	}, [onQuit]);

	// Written around Ink, not through it: the sequence moves no cursor and Ink's own `write` would
	// clear and redraw the whole frame.
	const clipboard = useMemo(() => createClipboard({env, write: writeRaw ?? (data => stdout.write(data))}), [env, writeRaw, stdout]);
	// An agent that needs the user: BEL and/or a desktop notification, written around Ink like the
	// clipboard (the bytes move no cursor), once per new attention item (ui/attentionNotify.ts).
	useEffect(() => {
		const notifier = createNotifier({mode: notify, env, write: writeRaw ?? (data => stdout.write(data))});
		const command = notifyCommand ? createCommandNotifier({command: notifyCommand, env, ...(log ? {log} : {})}) : null;
		const stop = notifyOnAttention(fleet, notifier, {
			onAnnounce: ({item, first, count, server, waitsFor}) =>
				command?.run({event: 'needs-you', server: server ?? item.server, id: item.id, status: item.reason ?? item.state, title: item.title, waitsFor, text: first, count}),
		});
		return () => {
			stop();
			notifier.close();
			command?.close();
		};
	}, [fleet, notify, notifyCommand, env, writeRaw, stdout, log]);
	useWindowTitle(fleet, setTitle);

	const ui = useMemo<Ui>(
		() => ({
			fleet,
			now,
			// what a key says belongs to the screen it was pressed on (./statusLine.ts)
			notify: (level, text) => setLocalNotice({level, text, at: now(), screen: true}),
			copy(text, label) {
				// the clipboard gets the whole value (a URL's token included: the user asked for it);
				// the screen only ever the cleaned, scrubbed one
				const value = cleanForCopy(text);
				void clipboard.copy(value).then(result => {
					// a copy's word is the screen's it was asked on, like a key's (./statusLine.ts)
					setLocalNotice(
						result.ok
							? {level: 'info', text: `copied ${maskSecrets(label ?? shortId(clean(text), 40))}`, at: now(), screen: true}
							: {level: 'error', text: result.reason, at: now(), screen: true},
					);
				});
			},
			copyBytes(bytes, label) {
				void clipboard.copy(bytes).then(result => {
					setLocalNotice(result.ok ? {level: 'info', text: `copied ${maskSecrets(clean(label))}`, at: now(), screen: true} : {level: 'error', text: result.reason, at: now(), screen: true});
				});
			},
		}),
		[fleet, now, clipboard],
	);

	const suspend = useCallback(() => {
		if (onSuspend?.() === false) {
			setLocalNotice({level: 'error', text: 'cannot suspend: no job-control shell started ohtui (Ctrl-z works under an interactive shell)', at: now()});
		}
	}, [onSuspend, now]);

	return (
		<ThemeContext.Provider value={theme}>
			<UiContext.Provider value={ui}>
				<ViewMemory>
					<KeyRouter onInterrupt={quit} onSuspend={suspend} bracketedPaste={bracketedPaste}>
						<Shell serverLabel={serverLabel} demo={demo} readOnly={readOnly} size={size} localNotice={localNotice} onQuit={quit} openAttention={openAttention} />
					</KeyRouter>
				</ViewMemory>
			</UiContext.Provider>
		</ThemeContext.Provider>
	);
}

/** The window title follows the count of what needs you (`ohtui · 2 need you`); written on change only. */
function useWindowTitle(fleet: Fleet, setTitle: ((text: string) => void) | undefined): void {
	useEffect(() => {
		if (!setTitle) return;
		let last = '';
		const update = () => {
			const title = windowTitle(fleet.getSnapshot().attention.length);
			if (title === last) return;
			last = title;
			setTitle(title);
		};
		update();
		return fleet.subscribe(update);
	}, [fleet, setTitle]);
}
