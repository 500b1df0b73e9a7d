/**
 * `n` with several servers in view: which server the new conversation starts on. The selected
 * row's server first (Enter starts there), as it was when the picker opened; a server that does
 * not answer says so.
 */
import React from 'react';
import type {ServerName} from '../../fleet/types.js';
import {clean} from '../../text/sanitize.js';
import {Picker} from '../widgets/Picker.js';

type Props = {
	first: ServerName | undefined;
	inView: readonly ServerName[];
	stale(server: ServerName): boolean;
	width: number;
	height: number;
	onPick(server: ServerName): void;
	onCancel(): void;
};

export function NewConversationServerPicker({first, inView, stale, width, height, onPick, onCancel}: Props) {
	const servers = first ? [first, ...inView.filter(name => name !== first)] : inView;
	return (
		<Picker
			title="New conversation on which server?"
			items={servers.map(name => ({key: name, label: stale(name) ? `${clean(name)}  (does not answer)` : clean(name), value: name}))}
			width={width}
			height={height}
			onPick={onPick}
			onCancel={onCancel}
		/>
	);
}
