/**
 * Tab 2: conversations. The route on the navigation stack says which screen (../navigation.ts):
 * the list (attention first, ./ConversationList.tsx), a conversation's details, or its activity;
 * Esc goes back to where it was opened from.
 */
import React from 'react';
import {ActivityView} from '../activity/ActivityView.js';
import {useNav} from '../navigation.js';
import {ConversationList} from './ConversationList.js';
import type {ViewProps} from './viewProps.js';

export function ConversationsView(props: ViewProps) {
	const nav = useNav();
	const {route} = props;
	if (route.kind === 'activity') {
		return <ActivityView conversation={route.conversation} width={props.width} height={props.height} active={props.active} onBack={nav.back} />;
	}
	return <ConversationList {...props} detail={route.kind === 'detail' && route.tab === 'conversations' ? route.item : null} />;
}
