/**
 * `c` on a sandbox: the conversations running in it. Current servers answer with `sandbox_id__eq`;
 * on legacy ones only the loaded conversations can be looked at, and the note says so.
 */
import React, {useEffect} from 'react';
import type {AppConversation} from '../../api/schemas/index.js';
import {sameRef, type Ref, type Tagged} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {orDash} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {selectSandboxConversations, useSnapshot} from '../useStore.js';
import {ChoiceList} from '../widgets/ChoiceList.js';
import {conversationName} from './confirmTexts.js';

type Props = {sandbox: Ref; width: number; height: number; onGo(conversation: Tagged<AppConversation>): void; onClose(): void};

const NO_ITEMS: readonly Tagged<AppConversation>[] = [];

export function SandboxConversationsList({sandbox, width, height, onGo, onClose}: Props) {
	const {fleet} = useUi();
	const theme = useTheme();
	const found = useSnapshot(selectSandboxConversations);
	const {server, id: sandboxId} = sandbox;
	useEffect(() => {
		fleet.conversationsInSandbox({server, id: sandboxId});
		return () => fleet.conversationsInSandbox(null);
	}, [fleet, server, sandboxId]);
	const mine = found && sameRef({server: found.server, id: found.sandboxId}, sandbox) ? found : null;
	const items = mine?.conversations ?? NO_ITEMS;
	let note: string;
	if (!mine || (!mine.conversations && !mine.error)) note = 'looking…';
	else if (mine.error) note = `could not look them up: ${mine.error.message}`;
	else if (mine.source === 'loaded') note = 'among the loaded conversations only: this server cannot look up a sandbox\'s conversations · Enter activity · Esc close';
	else note = `${items.length} on the server · Enter activity · Esc close`;
	return (
		<ChoiceList
			title={`Conversations in sandbox ${clean(sandboxId)}`}
			note={note}
			items={items}
			label={c => `${conversationName(c)}  ${orDash(c.execution_status)}`}
			color={c => theme.status(c.execution_status)}
			getKey={c => c.id}
			width={width}
			height={height}
			empty={mine?.conversations ? 'no conversation uses this sandbox' : ''}
			onChoose={onGo}
			onClose={onClose}
		/>
	);
}
