/**
 * The app shell: header, the active tab's view, footer. It owns only what spans views (tab, help,
 * footer notice and hints) and hands keys to the KeyRouter; every view is a small component over
 * headless hooks.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {Box, Text, useStdout} from 'ink';
import type {Notice, ResourceName, Store, StoreSnapshot} from '../store/types.js';
import {osc52} from './clipboard.js';
import {UiContext, useUi, type Ui} from './context.js';
import {Footer, FOOTER_HEIGHT} from './Footer.js';
import {shortId} from './format.js';
import {Header, HEADER_HEIGHT} from './Header.js';
import {HintProvider} from './hints.js';
import {commandFor, hintsFor, type Scope} from './keymap.js';
import {KeyRouter, useKeys} from './keys/KeyRouter.js';
import {clean} from './sanitize.js';
import {cycleTab} from './tabs.js';
import {ThemeContext, createTheme} from './theme.js';
import {useHealth} from './useHealth.js';
import {ViewMemory} from './usePersistentState.js';
import {selectNotice, selectServerLabel, useSnapshot} from './useStore.js';
import {useSessionKeys} from './sessionKeys.js';
import {useRedrawOnResize} from './useRedrawOnResize.js';
import {useTerminalSize, type Size} from './useTerminalSize.js';
import {ConversationsView} from './views/ConversationsView.js';
import {SandboxesView} from './views/SandboxesView.js';
import {SettingsView} from './views/SettingsView.js';
import {SpecsView} from './views/SpecsView.js';
import type {ViewProps} from './views/viewProps.js';
import {HelpOverlay} from './widgets/HelpOverlay.js';

export type AppProps = {
	store: Store;
	/** the server's URL, shown in the header */
	serverLabel: string;
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
};

/** Below this the layout cannot hold a header, a table and a footer. */
export const MIN_SIZE: Size = {columns: 40, rows: 10};

export function App({store, serverLabel, demo, onQuit, size, now = Date.now, env = process.env, writeRaw}: AppProps) {
	const theme = useMemo(() => createTheme(env), [env]);
	const {stdout} = useStdout();
	const [localNotice, setLocalNotice] = useState<Notice | null>(null);
	const quitOnce = useRef(false);
	// the sandboxes' session keys are secrets wherever the server echoes them (./sessionKeys.ts)
	useSessionKeys(store);
	const quit = useCallback(() => {
		if (quitOnce.current) return;
		quitOnce.current = true;
		onQuit();
	}, [onQuit]);

	const ui = useMemo<Ui>(
		() => ({
			store,
			now,
			notify: (level, text) => setLocalNotice({level, text, at: now()}),
			copy(text) {
				const id = clean(text);
				// Written around Ink, not through it: the sequence moves no cursor and Ink's own
				// `write` would clear and redraw the whole frame.
				(writeRaw ?? (data => stdout.write(data)))(osc52(id, env));
				setLocalNotice({level: 'info', text: `copied ${shortId(id, 40)}`, at: now()});
			},
		}),
		[store, now, writeRaw, stdout, env],
	);

	return (
		<ThemeContext.Provider value={theme}>
			<UiContext.Provider value={ui}>
				<ViewMemory>
					<KeyRouter onInterrupt={quit}>
						<Shell serverLabel={serverLabel} demo={demo} size={size} localNotice={localNotice} onQuit={quit} />
					</KeyRouter>
				</ViewMemory>
			</UiContext.Provider>
		</ThemeContext.Provider>
	);
}

type ShellProps = {
	serverLabel: string;
	demo: boolean;
	size: Size | undefined;
	localNotice: Notice | null;
	onQuit(): void;
};

const VIEWS: Record<ResourceName, (props: ViewProps) => React.JSX.Element> = {
	settings: SettingsView,
	conversations: ConversationsView,
	sandboxes: SandboxesView,
	specs: SpecsView,
};

const DEFAULT_SCOPES: Record<ResourceName, readonly Scope[]> = {
	settings: ['scroll'],
	conversations: ['conversations', 'list'],
	sandboxes: ['sandboxes', 'list'],
	specs: ['specs', 'list'],
};

const GLOBAL_HINTS = hintsFor(['global']);

const selectVisibleState = (tab: ResourceName) => (s: StoreSnapshot) => s[tab];

function Shell({serverLabel, demo, size, localNotice, onQuit}: ShellProps) {
	const {store, now} = useUi();
	const {columns, rows} = useTerminalSize(size);
	useRedrawOnResize({columns, rows}, size === undefined);
	const [tab, setTab] = useState<ResourceName>(() => store.getSnapshot().visible);
	const [help, setHelp] = useState(false);
	// Scopes reported by the view are tagged with its tab, so a tab switch shows the new tab's
	// keys in the same frame instead of the old view's for one render.
	const [reported, setReported] = useState<{tab: ResourceName; scopes: readonly Scope[]} | null>(null);
	const onScopes = useCallback((scopes: readonly Scope[]) => setReported({tab, scopes}), [tab]);
	const viewScopes = reported?.tab === tab ? reported.scopes : DEFAULT_SCOPES[tab];

	const storeNotice = useSnapshot(selectNotice);
	const selectVisible = useMemo(() => selectVisibleState(tab), [tab]);
	const visibleState = useSnapshot(selectVisible);
	// The visible tab's failed fetch is the footer's message until a newer one comes, and it goes
	// away by itself when a fetch succeeds again (the store clears `error`).
	const fetchError = useMemo<Notice | null>(
		() => (visibleState.error ? {level: 'error', text: visibleState.error.message, at: visibleState.error.at} : null),
		[visibleState.error],
	);
	const notice = latestNotice(storeNotice, localNotice, fetchError);
	const health = useHealth(visibleState, now);
	const detected = useSnapshot(selectServerLabel);

	const first = useRef(true);
	useEffect(() => {
		if (first.current && store.getSnapshot().visible === tab) {
			first.current = false;
			return;
		}
		first.current = false;
		store.setVisible(tab);
	}, [store, tab]);

	useKeys('global', name => {
		switch (commandFor('global', name)) {
			case 'tab.settings':
				setTab('settings');
				return true;
			case 'tab.conversations':
				setTab('conversations');
				return true;
			case 'tab.sandboxes':
				setTab('sandboxes');
				return true;
			case 'tab.specs':
				setTab('specs');
				return true;
			case 'tab.next':
				setTab(t => cycleTab(t, 1));
				return true;
			case 'tab.prev':
				setTab(t => cycleTab(t, -1));
				return true;
			case 'refresh':
				store.refresh();
				return true;
			case 'help':
				setHelp(true);
				return true;
			case 'quit':
				onQuit();
				return true;
			default:
				return false;
		}
	});

	// Ink clears the whole screen on every frame as tall as the terminal: stay one row shorter.
	const height = Math.max(1, rows - 1);
	if (columns < MIN_SIZE.columns || rows < MIN_SIZE.rows) {
		// Keys still work; the last line is never empty, so the frame does not end in a newline.
		return (
			<Box width={columns} height={height} flexDirection="column" justifyContent="space-between" overflow="hidden">
				<Text wrap="truncate">{`window too small (need ${MIN_SIZE.columns}x${MIN_SIZE.rows})`}</Text>
				{height > 1 ? <Text wrap="truncate">q quit</Text> : null}
			</Box>
		);
	}

	const bodyHeight = height - HEADER_HEIGHT - FOOTER_HEIGHT;
	const View = VIEWS[tab];
	const localScopes: readonly Scope[] = help ? ['help'] : viewScopes;
	return (
		<Box flexDirection="column" width={columns} height={height} overflow="hidden">
			<Header serverLabel={serverLabel} detected={detected} demo={demo} health={health} tab={tab} width={columns} />
			<Box height={bodyHeight} flexDirection="column" overflow="hidden">
				<HintProvider onScopes={onScopes}>
					{help ? <HelpOverlay width={columns} height={bodyHeight} onClose={() => setHelp(false)} onQuit={onQuit} /> : null}
					<Box display={help ? 'none' : 'flex'} flexDirection="column">
						<View key={tab} width={columns} height={bodyHeight} active={!help} />
					</Box>
				</HintProvider>
			</Box>
			<Footer notice={notice} hints={hintsFor(localScopes)} globalHints={help ? '' : GLOBAL_HINTS} width={columns} />
		</Box>
	);
}

/** The newest of the messages competing for the footer's one line. */
function latestNotice(...notices: (Notice | null)[]): Notice | null {
	let latest: Notice | null = null;
	for (const notice of notices) if (notice && (!latest || notice.at >= latest.at)) latest = notice;
	return latest;
}
