/**
 * Tab 3: sandboxes, newest first; n starts one, p pauses, r resumes the selected one, c lists the
 * conversations in it, D deletes it (asking first, naming its conversations).
 */
import React, {useCallback, useEffect, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation, Sandbox} from '../../api/schemas/index.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {maskUrl} from '../format.js';
import {clean} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {useGo} from '../navigation.js';
import {selectAttention, selectLostWatches, selectPending, selectSandboxConversations, selectSandboxes, selectSpecs, useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {Picker} from '../widgets/Picker.js';
import {useListController} from '../widgets/useListController.js';
import {deleteSandboxQuestion, questionHeight} from './confirmTexts.js';
import {sandboxFilter, type QuickFilter} from './quickFilters.js';
import {SandboxConversationsList} from './SandboxConversationsList.js';
import {pendingBySandbox, sandboxColumns, sandboxEntries, sandboxKey} from './sandboxParts.js';
import type {ViewProps} from './viewProps.js';

type Mode =
	| {kind: 'list'}
	| {kind: 'detail'; item: Sandbox}
	| {kind: 'picker'}
	| {kind: 'urls'; item: Sandbox}
	| {kind: 'conversations'; item: Sandbox}
	| {kind: 'delete'; item: Sandbox};

export function SandboxesView({width, height, active}: ViewProps) {
	const {store, now: clock, copy, notify} = useUi();
	const go = useGo();
	const theme = useTheme();
	const list = useSnapshot(selectSandboxes);
	const specs = useSnapshot(selectSpecs);
	const pending = useSnapshot(selectPending);
	const attention = useSnapshot(selectAttention);
	const siblings = useSnapshot(selectSandboxConversations);
	const quick = useCallback((filter: QuickFilter) => sandboxFilter(filter, attention), [attention]);
	const lost = useSnapshot(selectLostWatches);
	const [mode, setMode] = useState<Mode>({kind: 'list'});
	const now = clock();

	const pendingMap = useMemo(() => pendingBySandbox(pending), [pending]);
	const columns = useMemo(() => sandboxColumns(pendingMap, lost), [pendingMap, lost]);
	// A start whose sandbox is not listed yet gets a line of its own above the table.
	const unlistedStarts = pending.filter(p => p.kind === 'start' && (!p.targetId || !list.data?.some(s => s.id === p.targetId))).length;
	const checkingStart = pending.some(p => p.kind === 'start' && p.phase === 'checking');
	const question = mode.kind === 'delete' ? deleteSandboxQuestion(mode.item, siblings) : null;
	const tableHeight = Math.max(LIST_CHROME + 1, height - (unlistedStarts ? 1 : 0) - questionHeight(question, width));
	const onOpen = useCallback((item: Sandbox) => setMode({kind: 'detail', item}), []);
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
	// The spec picker needs the specs while their tab is hidden: load them once, no polling.
	useEffect(() => {
		if (active) store.prefetch('specs');
	}, [active, store]);

	useKeys(
		'view',
		name => {
			switch (commandFor('sandboxes', name)) {
				case 'sandbox.start': {
					const loaded = specs.data ?? [];
					if (loaded.length > 1) setMode({kind: 'picker'});
					else store.startSandbox(loaded[0]?.id ?? null);
					return true;
				}
				case 'sandbox.pause':
					if (selected) store.pauseSandbox(selected.id);
					return true;
				case 'sandbox.resume':
					if (selected) store.resumeSandbox(selected.id);
					return true;
				case 'sandbox.conversations':
					if (selected) setMode({kind: 'conversations', item: selected});
					return true;
				case 'sandbox.delete':
					if (selected) {
						store.conversationsInSandbox(selected.id);
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
			const item = list.data?.find(s => s.id === mode.item.id) ?? mode.item;
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
	);

	if (mode.kind === 'urls') {
		const urls = mode.item.exposed_urls ?? [];
		return (
			<Picker
				title="Copy which URL (with its token)?"
				items={urls.map((u, i) => ({key: String(i), label: `${clean(u.name) || '(unnamed)'}  ${maskUrl(u.url)}`, value: String(i)}))}
				width={width}
				height={height}
				onPick={value => {
					const url = urls[Number(value)];
					if (url) copy(url.url, `${clean(url.name) || 'url'} url`);
					setMode({kind: 'detail', item: mode.item});
				}}
				onCancel={() => setMode({kind: 'detail', item: mode.item})}
			/>
		);
	}

	if (mode.kind === 'conversations') {
		return (
			<SandboxConversationsList
				sandboxId={mode.item.id}
				width={width}
				height={height}
				onGo={(conversation: AppConversation) => go({kind: 'activity', conversation})}
				onClose={() => setMode({kind: 'list'})}
			/>
		);
	}

	if (mode.kind === 'picker') {
		return (
			<Picker
				title="Start a sandbox from which spec?"
				items={(specs.data ?? []).map(s => ({key: s.id, label: clean(s.id), value: s.id}))}
				width={width}
				height={height}
				onPick={specId => {
					store.startSandbox(specId);
					setMode({kind: 'list'});
				}}
				onCancel={() => setMode({kind: 'list'})}
			/>
		);
	}

	if (mode.kind === 'detail') {
		const item = list.data?.find(s => s.id === mode.item.id) ?? mode.item;
		return (
			<DetailPane
				title={`Sandbox ${item.id}`}
				id={item.id}
				entries={sandboxEntries(item, now, pendingMap.get(item.id), lost)}
				width={width}
				height={height}
				memoryKey={`sandbox:${item.id}`}
				onClose={() => setMode({kind: 'list'})}
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
						store.deleteSandbox(mode.item.id);
						store.conversationsInSandbox(null);
						setMode({kind: 'list'});
					}}
					onCancel={() => {
						store.conversationsInSandbox(null);
						setMode({kind: 'list'});
					}}
				/>
			) : null}
		</Box>
	);
}

