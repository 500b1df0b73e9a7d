/**
 * `S`: which servers are in view, like k9s contexts (issue 16 §2). Enter on a server shows that one
 * alone; Space marks several and Enter shows the marked ones; `a` (or Enter on the first line) shows
 * them all. The list and the header follow at once; a server taken out of view is no longer polled.
 * Each server says how many of its conversations need you: live in view, as last known out of it.
 */
import React, {useMemo, useState} from 'react';
import type {FleetSnapshot, LastInView, ServerName} from '../../fleet/types.js';
import {needYouText} from '../../present/attentionText.js';
import {relativeTime} from '../../present/format.js';
import {useUi} from '../context.js';
import {commandFor} from '../keys/activeKeymap.js';
import {clean} from '../../text/sanitize.js';
import {parseServerHealth, serverHealthKey} from '../serverHealth.js';
import {useTheme} from '../theme.js';
import {selectInView, selectServerNames, useSnapshot} from '../useStore.js';
import {ChoiceList} from '../widgets/ChoiceList.js';
import type {ResourceName} from '../../store/types.js';

type Props = {tab: ResourceName; width: number; height: number; onClose(): void};

const ALL = '\u0000all';

const selectLabels = (s: FleetSnapshot) => s.labels;
const selectLastInView = (s: FleetSnapshot) => s.lastInView;

/**
 * A server out of view is asked nothing, so its count is the one it had when it left the view (the
 * header's count: store/needsYou.ts), with its age; a server never loaded in this session has none.
 */
export function outOfView(last: LastInView | undefined, now: number): string {
	if (!last) return 'not in view';
	return `${last.needsYou > 0 ? needYouText(last.needsYou) : 'none need you'} (as of ${relativeTime(last.at, now)})`;
}

export function ServerPicker({tab, width, height, onClose}: Props) {
	const {fleet, now} = useUi();
	const theme = useTheme();
	const names = useSnapshot(selectServerNames);
	const inView = useSnapshot(selectInView);
	const labels = useSnapshot(selectLabels);
	const lastInView = useSnapshot(selectLastInView);
	const selectHealth = useMemo(() => (s: FleetSnapshot) => serverHealthKey(s, tab, true), [tab]);
	const healthKey = useSnapshot(selectHealth);
	const health = useMemo(() => new Map(parseServerHealth(healthKey).map(h => [h.name, h.text])), [healthKey]);
	const [marked, setMarked] = useState<ReadonlySet<ServerName> | null>(null);
	const show = (chosen: readonly ServerName[]) => {
		fleet.setInView(chosen);
		onClose();
	};
	const checked = (name: ServerName) => (marked ? marked.has(name) : inView.includes(name));
	const items = [ALL, ...names];
	const nameWidth = Math.max(...names.map(name => clean(name).length));
	const labelWidth = Math.max(...names.map(name => clean(labels[name] ?? '').length));
	return (
		<ChoiceList
			title={`Servers in view (${inView.length} of ${names.length})`}
			note="Enter show · Space mark several · a all · Esc close"
			items={items}
			label={item => {
				if (item === ALL) return `    all servers`;
				const state = inView.includes(item) ? (health.get(item) ?? '') : outOfView(lastInView[item], now());
				return `[${checked(item) ? 'x' : ' '}] ${clean(item).padEnd(nameWidth)}  ${clean(labels[item] ?? '').padEnd(labelWidth)}  ${state}`;
			}}
			color={item => (item === ALL ? undefined : theme.server(names.indexOf(item)))}
			getKey={item => item}
			width={width}
			height={height}
			empty="no servers"
			onChoose={item => {
				if (item === ALL) show(names);
				else if (marked && marked.size > 0) show(names.filter(name => marked.has(name)));
				else show([item]);
			}}
			onClose={onClose}
			onKey={(name, selected) => {
				switch (commandFor('servers', name)) {
					case 'servers.toggle': {
						if (!selected || selected === ALL) return true;
						const next = new Set(marked ?? inView);
						if (next.has(selected)) next.delete(selected);
						else next.add(selected);
						setMarked(next);
						return true;
					}
					case 'servers.all':
						show(names);
						return true;
					case 'close':
						onClose();
						return true;
					default:
						return false;
				}
			}}
		/>
	);
}
