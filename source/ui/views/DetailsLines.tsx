import React from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import {clean, truncate} from '../../text/sanitize.js';
import {maskTitle} from '../../text/secrets.js';
import {conversationFacts, type ServerNote} from '../attention/PreviewPane.js';
import {wrapLine} from '../../present/events/text.js';
import {useTheme} from '../theme.js';

type Item = Tagged<AppConversation>;

/**
 * Under the list when the preview is off: the selected row's full title (over both lines when it is
 * long), else its title and where it lives.
 */
export function DetailsLines({item, server, width}: {item: Item | undefined; server: ServerNote; width: number}) {
	const theme = useTheme();
	const title = item ? wrapLine(maskTitle(item.title) || '(untitled)', Math.max(10, width - 2)) : [];
	const second = title.length > 1 ? title[1]! : item ? [...conversationFacts(item, server), clean(item.id)].join(' · ') : '';
	return (
		<Box flexDirection="column">
			<Text wrap="truncate" bold>
				{item ? truncate(`  ${title[0]}`, width) : ' '}
			</Text>
			<Text wrap="truncate" color={theme.muted}>
				{second ? truncate(`  ${second}`, width) : ' '}
			</Text>
		</Box>
	);
}
