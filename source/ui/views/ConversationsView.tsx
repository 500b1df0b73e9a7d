/**
 * Tab 2: conversations. The route on the navigation stack says which screen (../navigation.ts):
 * the list (attention first, ./ConversationList.tsx), a conversation's details, its activity, or
 * its workspace's changes or files; Esc goes back to where it was opened from.
 */
import React, {useEffect} from 'react';
import {ActivityView} from '../activity/ActivityView.js';
import {ChangesView} from '../changes/ChangesView.js';
import {FilesView} from '../workspace/FilesView.js';
import {useNav} from '../navigation.js';
import {selectInView, useSnapshot} from '../useStore.js';
import {ConversationList} from './ConversationList.js';
import type {ViewProps} from './viewProps.js';

export function ConversationsView(props: ViewProps) {
	const nav = useNav();
	const {route} = props;
	// a conversation of a server taken out of view (S) is no longer open: back where it was opened from
	const inView = useSnapshot(selectInView);
	const gone = (route.kind === 'changes' || route.kind === 'activity' || route.kind === 'files') && !inView.includes(route.conversation.server);
	useEffect(() => {
		if (gone) nav.back();
	}, [gone, nav]);
	if (gone) return null;
	if (route.kind === 'changes') {
		return <ChangesView conversation={route.conversation} width={props.width} height={props.height} active={props.active} onBack={nav.back} />;
	}
	if (route.kind === 'files') {
		return <FilesView conversation={route.conversation} width={props.width} height={props.height} active={props.active} onBack={nav.back} />;
	}
	if (route.kind === 'activity') {
		return (
			<ActivityView
				conversation={route.conversation}
				width={props.width}
				height={props.height}
				active={props.active}
				onBack={nav.back}
				onChanges={conversation => nav.push({kind: 'changes', tab: 'conversations', conversation})}
				onFiles={conversation => nav.push({kind: 'files', tab: 'conversations', conversation})}
			/>
		);
	}
	return <ConversationList {...props} detail={route.kind === 'detail' && route.tab === 'conversations' ? route.item : null} />;
}
