/**
 * A question before acting on a conversation (issue 11): delete it, or pause / resume its sandbox.
 * It waits for the names of the conversations sharing the sandbox; a pause always asks (it names
 * what stops, issue 26 item 7), a resume of a sandbox nobody else uses goes ahead without one.
 */
import {useEffect, useState} from 'react';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {selectSandboxConversations, useSnapshot} from '../useStore.js';
import {deleteConversationQuestion, sandboxActionQuestion, type Question} from './confirmTexts.js';

/** `waitsFor`: the line of the action the conversation waits for the user to approve, if any */
export type Ask = {kind: 'delete' | 'pause' | 'resume'; item: Tagged<AppConversation>; waitsFor?: string | null};

export function useSandboxQuestion() {
	const {fleet} = useUi();
	const siblings = useSnapshot(selectSandboxConversations);
	const [ask, setAsk] = useState<Ask | null>(null);
	const question: Question | null = !ask
		? null
		: ask.kind === 'delete'
			? deleteConversationQuestion(ask.item, siblings)
			: sandboxActionQuestion(ask.kind, ask.item, siblings, ask.waitsFor ?? null);

	const act = (what: Ask) => {
		const sandbox = {server: what.item.server, id: what.item.sandbox_id};
		if (what.kind === 'delete') fleet.deleteConversation(what.item);
		else if (what.kind === 'pause') fleet.pauseSandbox(sandbox);
		else fleet.resumeSandbox(sandbox);
	};
	const close = () => {
		setAsk(null);
		fleet.conversationsInSandbox(null);
	};

	useEffect(() => {
		if (!ask || ask.kind === 'delete' || question !== null) return;
		act(ask);
		close();
		// act and close only call the fleet
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ask, question]);

	return {
		ask,
		question,
		start(kind: Ask['kind'], item: Tagged<AppConversation>, waitsFor: string | null = null) {
			// no sandbox (an agent server's conversation): nobody to look up
			if (item.sandbox_id) fleet.conversationsInSandbox({server: item.server, id: item.sandbox_id});
			setAsk({kind, item, waitsFor});
		},
		confirm() {
			if (ask) act(ask);
			close();
		},
		cancel: close,
	};
}
