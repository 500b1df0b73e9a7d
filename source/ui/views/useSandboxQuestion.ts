/**
 * A question before acting on a conversation (issue 11): delete it, or pause / resume its sandbox.
 * It waits for the names of the conversations sharing the sandbox; a pause or resume of a sandbox
 * nobody else uses goes ahead without one.
 */
import {useEffect, useState} from 'react';
import type {AppConversation} from '../../api/schemas/index.js';
import {useUi} from '../context.js';
import {selectSandboxConversations, useSnapshot} from '../useStore.js';
import {deleteConversationQuestion, sandboxActionQuestion, type Question} from './confirmTexts.js';

export type Ask = {kind: 'delete' | 'pause' | 'resume'; item: AppConversation};

export function useSandboxQuestion() {
	const {store} = useUi();
	const siblings = useSnapshot(selectSandboxConversations);
	const [ask, setAsk] = useState<Ask | null>(null);
	const question: Question | null = !ask
		? null
		: ask.kind === 'delete'
			? deleteConversationQuestion(ask.item, siblings)
			: sandboxActionQuestion(ask.kind, ask.item, siblings);

	const act = (what: Ask) => {
		if (what.kind === 'delete') store.deleteConversation(what.item.id);
		else if (what.kind === 'pause') store.pauseSandbox(what.item.sandbox_id);
		else store.resumeSandbox(what.item.sandbox_id);
	};
	const close = () => {
		setAsk(null);
		store.conversationsInSandbox(null);
	};

	useEffect(() => {
		if (!ask || ask.kind === 'delete' || question !== null) return;
		act(ask);
		close();
		// act and close only call the store
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ask, question]);

	return {
		ask,
		question,
		start(kind: Ask['kind'], item: AppConversation) {
			// no sandbox (an agent server's conversation): nobody to look up
			if (item.sandbox_id) store.conversationsInSandbox(item.sandbox_id);
			setAsk({kind, item});
		},
		confirm() {
			if (ask) act(ask);
			close();
		},
		cancel: close,
	};
}
