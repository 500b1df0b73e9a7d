/** Tab 4: sandbox specs; n starts a sandbox from the selected spec after a confirm. */
import React, {useCallback, useMemo, useState} from 'react';
import type {SandboxSpec} from '../../api/schemas/index.js';
import {refKey, sameRef, type Tagged} from '../../fleet/types.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {useNav} from '../navigation.js';
import {selectSpecs, useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {useListController} from '../widgets/useListController.js';
import {SPEC_COLUMNS, specEntries, specKey} from './specParts.js';
import {clean} from '../../text/sanitize.js';
import {useServerColumn} from './serverColumn.js';
import type {ViewProps} from './viewProps.js';

type Item = Tagged<SandboxSpec>;

type Mode = {kind: 'list'} | {kind: 'confirm'; item: Item};

export function SpecsView({route, width, height, active}: ViewProps) {
	const {fleet, now: clock} = useUi();
	const nav = useNav();
	const list = useSnapshot(selectSpecs);
	const [dialog, setMode] = useState<Mode>({kind: 'list'});
	// the details are a route (Esc goes back to where they were opened from)
	const mode: Mode | {kind: 'detail'; item: Item} = dialog.kind === 'list' && route.kind === 'detail' && route.tab === 'specs' ? {kind: 'detail', item: route.item} : dialog;
	const now = clock();
	const onOpen = useCallback((item: Item) => nav.push({kind: 'detail', tab: 'specs', item}), [nav]);
	const serverColumn = useServerColumn<Item>('specs');
	const columns = useMemo(() => (serverColumn ? [serverColumn, ...SPEC_COLUMNS] : SPEC_COLUMNS), [serverColumn]);
	const controller = useListController<Item>({
		resource: 'specs',
		list,
		columns,
		width,
		height: height - LIST_CHROME,
		getKey: specKey,
		now,
		active: active && mode.kind === 'list',
		onOpen,
	});
	const selected = controller.selected;

	useKeys(
		'view',
		name => {
			if (commandFor('specs', name) !== 'spec.start') return false;
			if (selected) setMode({kind: 'confirm', item: selected});
			return true;
		},
		active && mode.kind === 'list' && !controller.filter.editing,
	);
	useHintScopes(
		mode.kind === 'confirm' ? ['confirm'] : mode.kind === 'detail' ? ['detail'] : controller.filter.editing ? ['filter'] : ['specs', 'list'],
	);

	if (mode.kind === 'confirm') {
		return (
			<Confirm
				message={`Start a sandbox from ${mode.item.id}?`}
				width={width}
				onConfirm={() => {
					fleet.startSandbox(mode.item.server, mode.item.id);
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
				title={`Spec ${item.id}${serverColumn ? ` on ${clean(item.server)}` : ''}`}
				id={item.id}
				entries={specEntries(item, now)}
				width={width}
				height={height}
				memoryKey={`spec:${refKey(item)}`}
				onClose={nav.back}
				active={active}
			/>
		);
	}

	return <ListPane controller={controller} list={list} height={height} now={now} getKey={specKey} noun="specs" />;
}
