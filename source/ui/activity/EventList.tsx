/**
 * The activity's rows, windowed: only the events on screen are summarized and drawn, and each row
 * is memoized on its texts, so 10,000 loaded events cost as much as a screenful and a new event
 * redraws the rows that moved.
 */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {ConversationEvent} from '../../api/schemas/event.js';
import {displayWidth, fit, truncate} from '../../text/sanitize.js';
import {useTheme, type Theme} from '../theme.js';
import {statusAt} from '../../present/events/pending.js';
import {summarizeEvent, type EventTone} from '../../present/events/summarize.js';
import {eventClock} from '../../present/time.js';

type Props = {
	events: readonly ConversationEvent[];
	/** indexes into `events` of the rows shown, or null for all of them */
	rows: readonly number[] | null;
	offset: number;
	index: number;
	height: number;
	width: number;
	empty: string;
};

/** Wide terminals say who in full; narrow ones abbreviate `environment`. */
export function whoLabel(who: string, width: number): string {
	const wide = width >= 100;
	return fit(wide ? who : who === 'environment' ? 'env' : who, wide ? 11 : 5);
}

export function EventList({events, rows, offset, index, height, width, empty}: Props) {
	const theme = useTheme();
	const total = rows ? rows.length : events.length;
	if (total === 0) {
		return (
			<Box height={height} flexDirection="column">
				<Text color={theme.muted} wrap="truncate">
					{truncate(`  ${empty}`, width)}
				</Text>
			</Box>
		);
	}
	const shown: React.JSX.Element[] = [];
	for (let i = offset; i < Math.min(total, offset + height); i++) {
		const at = rows ? rows[i]! : i;
		const event = events[at]!;
		const summary = summarizeEvent(event);
		let text = summary.text;
		// a status change says where it came from when an earlier one is loaded
		if (summary.status) {
			const before = statusAt(events, at - 1);
			if (before && before.status !== summary.status) text = `status ${before.status} → ${summary.status}`;
		}
		shown.push(
			<EventRow
				key={event.id}
				time={eventClock(event.timestamp)}
				who={whoLabel(summary.who, width)}
				whoColor={whoColor(summary.who, theme)}
				text={text}
				color={toneColor(summary.tone, theme)}
				strong={summary.tone === 'error' && !theme.color}
				selected={i === index}
				marker={theme.selectMarker}
				width={width}
			/>,
		);
	}
	return (
		<Box height={height} flexDirection="column" overflow="hidden">
			{shown}
		</Box>
	);
}

function whoColor(who: string, theme: Theme): string | undefined {
	return who === 'user' ? theme.accent : who === 'environment' ? theme.muted : who === 'hook' ? theme.warn : undefined;
}

export function toneColor(tone: EventTone, theme: Theme): string | undefined {
	switch (tone) {
		case 'error':
			return theme.error;
		case 'warn':
			return theme.warn;
		case 'ok':
			return theme.ok;
		case 'muted':
			return theme.muted;
		case 'accent':
			return theme.accent;
		default:
			return undefined;
	}
}

type RowProps = {
	time: string;
	who: string;
	whoColor: string | undefined;
	text: string;
	color: string | undefined;
	strong: boolean;
	selected: boolean;
	marker: string;
	width: number;
};

const EventRow = memo(function EventRow({time, who, whoColor, text, color, strong, selected, marker, width}: RowProps) {
	const head = `${selected ? marker : ' '} ${time} `;
	const room = Math.max(1, width - displayWidth(head) - displayWidth(who) - 1);
	return (
		<Text wrap="truncate" inverse={selected} bold={selected || strong}>
			{head}
			<Text color={whoColor}>{who}</Text> <Text color={color}>{truncate(text, room)}</Text>
		</Text>
	);
});
