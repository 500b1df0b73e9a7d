/**
 * One line of editable text, drawn: the cursor in inverse video, the placeholder muted. Inverse
 * and bold are attributes, not colours, so they stay under NO_COLOR; where the terminal takes no
 * attributes at all (TERM=dumb) the cursor is a `_` and the placeholder sits in parentheses.
 * Keys come from the hosting layer through textEdit.ts.
 */
import React from 'react';
import {Text} from 'ink';
import {displayWidth, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';

type Props = {
	value: string;
	cursor: number;
	focused: boolean;
	placeholder?: string;
	/** columns available; the text scrolls to keep the cursor in view */
	width: number;
};

export function TextField({value, cursor, focused, placeholder = '', width}: Props) {
	const theme = useTheme();
	const room = Math.max(1, width);
	if (value === '') {
		if (!placeholder) return focused ? <Cursor char="" plain={!theme.attributes} /> : <Text> </Text>;
		if (!theme.attributes) return <Text>{truncate(`${focused ? '_' : ''}(${placeholder})`, room)}</Text>;
		const shown = truncate(placeholder, room);
		return focused ? (
			<Text>
				<Text inverse>{shown.slice(0, 1)}</Text>
				<Text color={theme.muted} dimColor={!theme.color}>
					{shown.slice(1)}
				</Text>
			</Text>
		) : (
			<Text color={theme.muted} dimColor={!theme.color}>
				{shown}
			</Text>
		);
	}
	const at = Math.min(Math.max(0, cursor), value.length);
	// Keep the cursor inside the field: show the end of a long value when the cursor is there.
	let start = Math.max(0, at - room * 4);
	while (start < at && displayWidth(value.slice(start, at)) >= room) start++;
	if (!focused) return <Text>{truncate(value, room)}</Text>;
	const before = value.slice(start, at);
	const under = value.slice(at, at + (isHighSurrogate(value.charCodeAt(at)) ? 2 : 1));
	const after = value.slice(at + under.length);
	return (
		<Text>
			{before}
			<Cursor char={under} plain={!theme.attributes} />
			{truncate(after, Math.max(0, room - displayWidth(before) - 1))}
		</Text>
	);
}

/** The cursor on `char` ('' at the end of the text). */
function Cursor({char, plain}: {char: string; plain: boolean}) {
	if (plain) return <Text>{char === '' ? '_' : `|${char}`}</Text>;
	return <Text inverse>{char || ' '}</Text>;
}

function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff;
}
