/**
 * What the app draws inside its providers: header, the route on top of the navigation stack (a
 * tab's view, or the help or the needs-you list over it), footer; the stack and the global keys.
 */
import React, {memo, useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {FleetServer, FleetSnapshot, Tagged} from '../fleet/types.js';
import type {AttentionItem, Notice, ResourceName} from '../store/types.js';
import {useUi} from './context.js';
import {Footer, FOOTER_HEIGHT, noticeRows} from './Footer.js';
import {Header, HEADER_HEIGHT} from './Header.js';
import {HintProvider} from './hints.js';
import {HOLDS_EVERY_KEY, type Command, type Scope} from '../keymap/keymap.js';
import {commandFor, offBinding} from './keys/activeKeymap.js';
import {hintList} from './keys/footerHints.js';
import {useKeys} from './keys/KeyRouter.js';
import {back, routeKey, NavContext, prepareVisit, push, rootStack, tabOf, toTab as tabStack, top, type Nav, type Route, type Stack} from './navigation.js';
import {clean} from '../text/sanitize.js';
import {cycleTab} from './tabs.js';
import {useStatusNotice} from './statusLine.js';
import {isFinal, useHeaderInfo} from './useHeaderInfo.js';
import {useViewMemory} from './usePersistentState.js';
import {useRedrawOnResize} from './useRedrawOnResize.js';
import {selectAttention, selectConversations, selectNotice, useSnapshot} from './useStore.js';
import {useTerminalSize, type Size} from './useTerminalSize.js';
import {AttentionList} from './views/AttentionList.js';
import {ServerPicker} from './views/ServerPicker.js';
import {ConversationsView} from './views/ConversationsView.js';
import {SandboxesView} from './views/SandboxesView.js';
import {SettingsView} from './views/SettingsView.js';
import {SpecsView} from './views/SpecsView.js';
import type {ViewProps} from './views/viewProps.js';
import {HelpOverlay} from './widgets/HelpOverlay.js';

/** Below this the layout cannot hold a header, a table and a footer. */
export const MIN_SIZE: Size = {columns: 40, rows: 10};

export type ShellProps = {
	/** the one server's URL for the header; default the fleet's label for it */
	serverLabel?: string | undefined;
	demo: boolean;
	readOnly: boolean;
	size: Size | undefined;
	localNotice: Notice | null;
	onQuit(): void;
	/** `ohtui --needs-you`: open on the needs-you list (`!`), the tmux popup: Esc or q there closes ohtui */
	openAttention?: boolean;
};

/**
 * Memoized: the Shell draws again when the footer's keys change (a key that moves the selection to a
 * row with other keys reports them, ./hints.tsx), and the view, its props the same, is not drawn
 * again with it (issue 29 item 2: a second render of the whole list in half the keys on Conversations).
 */
const VIEWS: Record<ResourceName, React.ComponentType<ViewProps>> = {
	settings: memo(SettingsView),
	conversations: memo(ConversationsView),
	sandboxes: memo(SandboxesView),
	specs: memo(SpecsView),
};

const DEFAULT_SCOPES: Record<ResourceName, readonly Scope[]> = {
	settings: ['scroll'],
	conversations: ['conversations', 'list'],
	sandboxes: ['sandboxes', 'list'],
	specs: ['specs', 'list'],
};

const NO_HINTS: readonly never[] = [];
const NO_SCOPES: readonly Scope[] = [];
const ATTENTION_SCOPES: readonly Scope[] = ['approval', 'attention', 'choice'];

/**
 * The tab's one line when no server in view can fill it (every one has a final answer and no data):
 * their messages, once each. Null when some server has rows or may still.
 */
function finalLine(servers: readonly FleetServer[], tab: ResourceName): string | null {
	const states = servers.map(s => s.snapshot[tab]);
	if (states.length === 0 || states.some(state => state.data !== undefined || !isFinal(state.error))) return null;
	return [...new Set(states.map(state => clean(state.error!.message)))].join(' · ');
}

export function Shell({serverLabel, demo, readOnly, size, localNotice, onQuit, openAttention = false}: ShellProps) {
	const {fleet, now, notify} = useUi();
	const {columns, rows} = useTerminalSize(size);
	useRedrawOnResize({columns, rows}, size === undefined);
	const [stack, setStack] = useState<Stack>(() => {
		const root = rootStack(fleet.getSnapshot().visible);
		return openAttention ? push(root, {kind: 'attention', popup: true}) : root;
	});
	const route = top(stack);
	const tab = tabOf(stack);
	const help = route.kind === 'help';
	const attentionOpen = route.kind === 'attention';
	const serversOpen = route.kind === 'servers';
	const popup = route.kind === 'attention' && route.popup === true;
	// the route the tab's view shows (under `!` and `?`, the one they lie over)
	const viewRoute = useMemo(() => [...stack].reverse().find(r => 'tab' in r) ?? route, [stack, route]);
	const attention = useSnapshot(selectAttention);
	const conversations = useSnapshot(selectConversations);
	// A jump mounts the target view afresh, so it reads what navigation wrote for it.
	const memory = useViewMemory();
	const [visit, setVisit] = useState(0);
	const nav = useMemo<Nav>(
		() => ({
			push: (next: Route) => setStack(s => push(s, next)),
			back: () => setStack(back),
			go(target) {
				const next = prepareVisit(memory, target);
				if (next.kind === 'list') setVisit(v => v + 1);
				setStack(s => push(s, next));
			},
		}),
		[memory],
	);
	const goToItem = (item: Tagged<AttentionItem>) => {
		const ref = {server: item.server, id: item.id};
		if (item.subject === 'sandbox') {
			nav.go({kind: 'row', resource: 'sandboxes', ref});
			return;
		}
		if (item.subject === 'start-task') {
			nav.go({kind: 'task', ref});
			return;
		}
		const conversation = conversations.data?.find(c => c.id === item.id && c.server === item.server) ?? (item.conversation && {...item.conversation, server: item.server});
		if (conversation) nav.go({kind: 'activity', conversation});
		else notify('info', `conversation ${item.id} is not loaded any more`);
	};
	// Scopes reported by the view are tagged with its tab, so a tab switch shows the new tab's
	// keys in the same frame instead of the old view's for one render.
	const [reported, setReported] = useState<{tab: ResourceName; scopes: readonly Scope[]; drop: readonly Command[]} | null>(null);
	const onScopes = useCallback((scopes: readonly Scope[], drop: readonly Command[]) => setReported({tab, scopes, drop}), [tab]);
	const viewScopes = reported?.tab === tab ? reported.scopes : DEFAULT_SCOPES[tab];
	const dropped = reported?.tab === tab && !(help || attentionOpen || serversOpen) ? reported.drop : NO_HINTS;

	// a string or null: a poll that changed nothing re-renders nothing
	const selectFinal = useMemo(() => (s: FleetSnapshot) => finalLine(s.servers, tab), [tab]);
	const final = useSnapshot(selectFinal);
	const overlay = help || attentionOpen || serversOpen;
	// `!` reports its own scopes (a dialog over it takes the keys): apart from the view's, which stays mounted under it
	const [overlayScopes, setOverlayScopes] = useState<readonly Scope[]>(ATTENTION_SCOPES);
	const onOverlayScopes = useCallback((scopes: readonly Scope[]) => setOverlayScopes(scopes), []);
	const localScopes: readonly Scope[] = help ? ['help'] : attentionOpen ? overlayScopes : serversOpen ? ['servers', 'choice'] : final ? NO_SCOPES : viewScopes;

	const storeNotice = useSnapshot(selectNotice);
	// A final answer (this server has none of these; no OpenHands server at this URL) is the tab's
	// one line, in place of its view, and not repeated in the footer (issue 16 §1; ./useHeaderInfo.ts).
	const header = useHeaderInfo(tab, now);
	const notice = useStatusNotice([storeNotice, localNotice, header.fetchError], tab, now, routeKey(route));

	const first = useRef(true);
	useEffect(() => {
		if (first.current && fleet.getSnapshot().visible === tab) {
			first.current = false;
			return;
		}
		first.current = false;
		fleet.setVisible(tab);
	}, [fleet, tab]);

	const toTab = (next: ResourceName) => setStack(s => tabStack(s, next));
	useKeys('global', name => {
		switch (commandFor('global', name)) {
			case 'tab.settings':
				toTab('settings');
				return true;
			case 'tab.conversations':
				toTab('conversations');
				return true;
			case 'tab.sandboxes':
				toTab('sandboxes');
				return true;
			case 'tab.specs':
				toTab('specs');
				return true;
			case 'tab.next':
				toTab(cycleTab(tab, 1));
				return true;
			case 'tab.prev':
				toTab(cycleTab(tab, -1));
				return true;
			case 'refresh':
				fleet.refresh();
				return true;
			case 'help':
				setStack(s => (top(s).kind === 'help' ? back(s) : push(s, {kind: 'help'})));
				return true;
			case 'attention.open':
				setStack(s => (top(s).kind === 'attention' ? back(s) : push(s, {kind: 'attention'})));
				return true;
			case 'servers.open':
				if (fleet.getSnapshot().names.length < 2) {
					notify('info', 'one server: add profiles to the config file to see several (ohtui --help)');
					return true;
				}
				setStack(s => (top(s).kind === 'servers' ? back(s) : push(s, {kind: 'servers'})));
				return true;
			case 'back':
				// nothing of the screen's own took Esc (a filter to clear, a dialog): back where it came from
				setStack(back);
				return true;
			case 'quit':
				onQuit();
				return true;
			default: {
				// Under --read-only a key that would change something says why it does nothing.
				const off = offBinding(localScopes, name);
				if (!off) return false;
				notify('info', `read-only: ${off.description} is off`);
				return true;
			}
		}
	});

	// The whole terminal: since Ink 7 a frame as tall as it is diffed like any other, not cleared
	// and drawn again in full (ohtui kept one row shorter under Ink 6.8).
	const height = rows;
	if (columns < MIN_SIZE.columns || rows < MIN_SIZE.rows) {
		// Keys still work; the last line is never empty, so the frame does not end in a newline.
		return (
			<Box width={columns} height={height} flexDirection="column" justifyContent="space-between" overflow="hidden">
				<Text wrap="truncate">{`window too small (need ${MIN_SIZE.columns}x${MIN_SIZE.rows})`}</Text>
				{height > 1 ? <Text wrap="truncate">q quit</Text> : null}
			</Box>
		);
	}

	const noticeAt = notice?.level === 'error' ? now() : undefined;
	// a long error takes a second row from the body
	const bodyHeight = height - HEADER_HEIGHT - FOOTER_HEIGHT + 1 - noticeRows(notice, columns, noticeAt).length;
	const View = VIEWS[tab];
	return (
		<Box flexDirection="column" width={columns} height={height} overflow="hidden">
			<Header
				serverLabel={serverLabel ?? header.label}
				detected={header.detected}
				name={header.name}
				servers={header.servers}
				demo={demo}
				health={header.health}
				tab={tab}
				width={columns}
				needYou={attention.length}
				readOnly={readOnly}
			/>
			<Box height={bodyHeight} flexDirection="column" overflow="hidden">
				<NavContext.Provider value={nav}>
					<HintProvider onScopes={onScopes}>
						{help ? <HelpOverlay width={columns} height={bodyHeight} scopes={stack.at(-2)?.kind === 'attention' ? overlayScopes : viewScopes} onClose={nav.back} onQuit={onQuit} /> : null}
						{attentionOpen ? (
							<HintProvider onScopes={onOverlayScopes}>
								{/* the popup's own list closes the popup (issue 26 item 10: its footer said "Esc close") */}
								<AttentionList width={columns} height={bodyHeight} onGo={goToItem} onClose={popup ? onQuit : nav.back} />
							</HintProvider>
						) : null}
						{serversOpen ? <ServerPicker tab={tab} width={columns} height={bodyHeight} onClose={nav.back} /> : null}
						<Box display={overlay ? 'none' : 'flex'} flexDirection="column">
							{final ? (
								<Text wrap="wrap">{final}</Text>
							) : (
								<View key={`${tab}:${visit}`} route={viewRoute} width={columns} height={bodyHeight} active={!overlay} />
							)}
						</Box>
					</HintProvider>
				</NavContext.Provider>
			</Box>
			<Footer
				notice={notice}
				hints={hintList(localScopes).filter(hint => !dropped.includes(hint.command))}
				globalHints={overlay || localScopes.some(s => HOLDS_EVERY_KEY.has(s)) ? NO_HINTS : hintList(['global'])}
				width={columns}
				now={noticeAt}
			/>
		</Box>
	);
}
