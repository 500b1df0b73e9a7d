/**
 * `!`: what needs the user, oldest first. Enter goes there (a conversation's activity, a sandbox
 * selected on its tab) and the item leaves the list; `d` dismisses one, `c` clears them all.
 */
import React from 'react';
import {refKey, type Tagged} from '../../fleet/types.js';
import type {AttentionItem} from '../../store/types.js';
import {attentionLine} from '../attentionText.js';
import {useUi} from '../context.js';
import {relativeTime} from '../format.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useTheme} from '../theme.js';
import {selectAttention, useSnapshot} from '../useStore.js';
import {ChoiceList} from '../widgets/ChoiceList.js';

type Props = {width: number; height: number; onGo(item: Tagged<AttentionItem>): void; onClose(): void};

export function AttentionList({width, height, onGo, onClose}: Props) {
	const {fleet, now} = useUi();
	const theme = useTheme();
	const items = useSnapshot(selectAttention);
	const at = now();
	return (
		<ChoiceList
			title={items.length ? `Needs you (${items.length})` : 'Needs you'}
			note="Enter go there · d dismiss · c clear all · Esc close"
			items={items}
			label={item => `${relativeTime(item.at, at).padEnd(8)} ${attentionLine(item)}`}
			color={item => theme.status(item.state)}
			getKey={item => refKey({server: item.server, id: item.key})}
			width={width}
			height={height}
			empty="nothing needs you"
			onChoose={item => {
				fleet.dismissAttention(item);
				onGo(item);
			}}
			onClose={onClose}
			onKey={(name, selected) => {
				switch (commandFor('attention', name)) {
					case 'close':
						onClose();
						return true;
					case 'attention.dismiss':
						if (selected) fleet.dismissAttention(selected);
						return true;
					case 'attention.clear':
						fleet.dismissAttention();
						return true;
					default:
						return false;
				}
			}}
		/>
	);
}
