/**
 * Tab 3: sandboxes, newest first; n starts one, p pauses, r resumes the selected one, c lists the
 * conversations in it, D deletes it (asking first, naming its conversations).
 */
import React, {useCallback, useEffect, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation, Sandbox} from '../../api/schemas/index.js';
import {refKey, sameRef, type Tagged} from '../../fleet/types.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {clean} from '../../text/sanitize.js';
import {maskField} from '../../text/secrets.js';
import {useTheme} from '../theme.js';
import {useNav} from '../navigation.js';
import {selectAttention, selectLostWatches, selectPending, selectSandboxConversations, selectInView, selectSandboxes, selectSpecs, useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {Picker} from '../widgets/Picker.js';
import {useListController} from '../widgets/useListController.js';
import {useBootTick} from './useBootTick.js';
import {deleteSandboxQuestion, questionHeight} from './confirmTexts.js';
import {sandboxFilter, type QuickFilter} from './quickFilters.js';
import {SandboxConversationsList} from './SandboxConversationsList.js';
import {droppedSandboxHints, pauseOrResume} from './sandboxActions.js';
import {bootsUnderWay, exposedUrlLabel, pendingBySandbox, sandboxColumns, sandboxEntries, sandboxKey, shownStatus} from './sandboxParts.js';
import {useServerColumn} from './serverColumn.js';
import type {ViewProps} from './viewProps.js';

type Item = Tagged<Sandbox>;

/** Dialogs over the list or the details; the details and a sandbox's conversations are routes. */
type Mode = {kind: 'list'} | {kind: 'picker'} | {kind: 'urls'; item: Item} | {kind: 'delete'; item: Item};

export function SandboxesView({route, width, height, active}: ViewProps) {
	const {fleet, now: clock, copy, notify} = useUi();
	const nav = useNav();
	const theme = useTheme();
	const list = useSnapshot(selectSandboxes);
	const specs = useSnapshot(selectSpecs);
	const pending = useSnapshot(selectPending);
	const attention = useSnapshot(selectAttention);
	const siblings = useSnapshot(selectSandboxConversations);
	const lost = useSnapshot(selectLostWatches);
	const inView = useSnapshot(selectInView);
	const several = inView.length > 1;
	const [dialog, setMode] = useState<Mode>({kind: 'list'});
	const detail = route.kind === 'detail' && route.tab === 'sandboxes' ? route.item : null;
	const inSandbox = route.kind === 'sandboxConversations' ? route.sandbox : null;
	// what is on screen: a dialog, else the route's screen
	const mode: Mode | {kind: 'detail'; item: Item} | {kind: 'conversations'; item: Item} =
		dialog.kind !== 'list' ? dialog : detail ? {kind: 'detail', item: detail} : inSandbox ? {kind: 'conversations', item: inSandbox} : dialog;
	useBootTick(pending, clock);
	const now = clock();

	const pendingMap = useMemo(() => pendingBySandbox(pending), [pending]);
	// `f` keeps rows by their STATUS cell as shown (a booting sandbox reads STARTING, not ERROR)
	const booting = bootsUnderWay(pendingMap, now);
	const quick = useCallback(
		(filter: QuickFilter) => sandboxFilter(filter, attention, s => shownStatus(pendingMap, s, clock())),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- `booting`: the shown status changes when a boot's deadline passes
		[attention, pendingMap, booting, clock],
	);
	const serverColumn = useServerColumn<Item>('sandboxes');
	const columns = useMemo(() => sandboxColumns(pendingMap, lost, serverColumn, list.data), [pendingMap, lost, serverColumn, list.data]);
	// A start whose sandbox is not listed yet gets a line of its own above the table.
	const unlistedStarts = pending.filter(p => p.kind === 'start' && (!p.targetId || !list.data?.some(s => s.id === p.targetId && s.server === p.server))).length;
	const checkingStart = pending.some(p => p.kind === 'start' && p.phase === 'checking');
	const question = mode.kind === 'delete' ? deleteSandboxQuestion(mode.item, siblings) : null;
	const tableHeight = Math.max(LIST_CHROME + 1, height - (unlistedStarts ? 1 : 0) - questionHeight(question, width));
	const onOpen = useCallback((item: Item) => nav.push({kind: 'detail', tab: 'sandboxes', item}), [nav]);
	const controller = useListController({
		resource: 'sandboxes',
		list,
		columns,
		width,
		height: tableHeight - LIST_CHROME,
		getKey: sandboxKey,
		now,
		active: active && mode.kind === 'list',
		onOpen,
		quick,
	});
	const selected = controller.selected;
	// a sandbox booting after a start or resume of this session reads STARTING, whatever docker says
	const selectedStatus = selected ? shownStatus(pendingMap, selected, now) : undefined;
	// The spec picker needs the specs while their tab is hidden: load them once, no polling.
	useEffect(() => {
		if (active) fleet.prefetch('specs');
	}, [active, fleet]);

	useKeys(
		'view',
		name => {
			const command = commandFor('sandboxes', name);
			switch (command) {
				case 'sandbox.start': {
					const loaded = specs.data ?? [];
					if (loaded.length > 1) setMode({kind: 'picker'});
					else if (loaded[0]) fleet.startSandbox(loaded[0].server, loaded[0].id);
					else fleet.startSandbox(selected?.server ?? inView[0]!, null);
					return true;
				}
				case 'sandbox.pause':
				case 'sandbox.resume':
					if (selected) pauseOrResume({fleet, notify}, command === 'sandbox.pause' ? 'pause' : 'resume', selected, selectedStatus);
					return true;
				case 'sandbox.conversations':
					if (selected) nav.push({kind: 'sandboxConversations', tab: 'sandboxes', sandbox: selected});
					return true;
				case 'sandbox.delete':
					if (selected) {
						fleet.conversationsInSandbox(selected);
						setMode({kind: 'delete', item: selected});
					}
					return true;
				default:
					return false;
			}
		},
		active && mode.kind === 'list' && !controller.filter.editing,
	);
	// The URLs carry the sandbox's session key (`?tkn=`): copied only on this explicit key, from
	// the details, and shown masked everywhere (issue 9 item 15).
	useKeys(
		'view',
		name => {
			if (mode.kind !== 'detail' || commandFor('sandboxDetail', name) !== 'sandbox.copyUrl') return false;
			const item = list.data?.find(s => sameRef(s, mode.item)) ?? mode.item;
			const urls = item.exposed_urls ?? [];
			if (urls.length === 1) copy(urls[0]!.url, `${clean(urls[0]!.name) || 'url'} url`);
			else if (urls.length > 1) setMode({kind: 'urls', item});
			else notify('info', 'no exposed URLs to copy (a sandbox has them only while RUNNING)');
			return true;
		},
		active && mode.kind === 'detail',
	);
	useHintScopes(
		mode.kind === 'picker' || mode.kind === 'urls'
			? ['picker']
			: mode.kind === 'detail'
				? ['sandboxDetail', 'detail']
				: mode.kind === 'conversations'
					? ['choice']
					: mode.kind === 'delete'
						? ['confirm']
						: controller.filter.editing
							? ['filter']
							: ['sandboxes', 'list'],
		// the footer offers what applies to the selected sandbox (./sandboxActions.ts)
		selected ? droppedSandboxHints(selectedStatus) : [],
	);

	if (mode.kind === 'urls') {
		const urls = mode.item.exposed_urls ?? [];
		return (
			<Picker
				title="Copy which URL (with its token)?"
				items={urls.map((u, i) => ({key: String(i), label: exposedUrlLabel(u), value: String(i)}))}
				width={width}
				height={height}
				onPick={value => {
					const url = urls[Number(value)];
					if (url) copy(url.url, `${clean(url.name) || 'url'} url`);
					setMode({kind: 'list'});
				}}
				onCancel={() => setMode({kind: 'list'})}
			/>
		);
	}

	if (mode.kind === 'conversations') {
		return (
			<SandboxConversationsList
				sandbox={mode.item}
				width={width}
				height={height}
				onGo={(conversation: Tagged<AppConversation>) => nav.go({kind: 'activity', conversation})}
				onClose={nav.back}
			/>
		);
	}

	if (mode.kind === 'picker') {
		return (
			<Picker
				title="Start a sandbox from which spec?"
				items={(specs.data ?? []).map(s => ({key: refKey(s), label: several ? `${clean(s.server)}  ${clean(s.id)}` : clean(s.id), value: refKey(s)}))}
				width={width}
				height={height}
				onPick={key => {
					const spec = specs.data?.find(s => refKey(s) === key);
					if (spec) fleet.startSandbox(spec.server, spec.id);
					setMode({kind: 'list'});
				}}
				onCancel={() => setMode({kind: 'list'})}
			/>
		);
	}

	if (mode.kind === 'detail') {
		const item = list.data?.find(s => sameRef(s, mode.item)) ?? mode.item;
		return (
			<DetailPane
				title={`Sandbox ${maskField(item.id)}${several ? ` on ${clean(item.server)}` : ''}`}
				id={item.id}
				entries={sandboxEntries(item, now, pendingMap.get(refKey(item)), lost)}
				width={width}
				height={height}
				memoryKey={`sandbox:${refKey(item)}`}
				onClose={nav.back}
				active={active}
			/>
		);
	}

	return (
		<Box flexDirection="column">
			{unlistedStarts ? (
				<Text color={theme.warn} wrap="truncate">
					{unlistedStarts === 1 ? 'starting a sandbox…' : `starting ${unlistedStarts} sandboxes…`}
					{checkingStart ? ' (no answer: outcome unknown, checking…)' : ''}
				</Text>
			) : null}
			<ListPane controller={controller} list={list} height={tableHeight} now={now} getKey={sandboxKey} noun="sandboxes" />
			{mode.kind === 'delete' && question ? (
				<Confirm
					{...question}
					width={width}
					onConfirm={() => {
						fleet.deleteSandbox(mode.item);
						fleet.conversationsInSandbox(null);
						setMode({kind: 'list'});
					}}
					onCancel={() => {
						fleet.conversationsInSandbox(null);
						setMode({kind: 'list'});
					}}
				/>
			) : null}
		</Box>
	);
}

