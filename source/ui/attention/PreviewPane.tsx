/**
 * The preview under the Conversations list (issue 19 §2): the selected conversation's full title,
 * where it stands, what it waits for (answered with `a` / `x` from the list), and its last events,
 * kept current at the refresh pace (store/glimpses.ts: the preview's is the focus). Below a size it
 * gives way to one details line (the full title is always readable).
 */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import type {Glimpse} from '../../store/types.js';
import {clean, truncate} from '../../text/sanitize.js';
import {maskField, maskTitle} from '../../text/secrets.js';
import {wrapLine} from '../../present/events/text.js';
import {EventList} from '../activity/EventList.js';
import {pendingActions, pendingLine} from '../../present/events/pending.js';
import {answerKeys} from '../activity/approvalDialog.js';
import {useAnswerScope} from './ApprovalDialog.js';
import {cost, duration, relativeTime, repoAtBranch} from '../../present/format.js';
import {useTheme} from '../theme.js';
import {shortModel} from '../views/conversationColumns.js';
import {stateSince} from '../../present/doingNow.js';
import {eventRows as shownRows} from '../../present/events/eventRows.js';
import {lookText, rowLook, type RowState} from '../../present/states.js';

/** Where the preview is on by default: a view this wide and tall keeps a useful list above it (100x30 terminals). */
export const PREVIEW_MIN = {columns: 100, rows: 24} as const;
/** Rows the preview takes (a third of the view, at least 8). */
export function previewHeight(viewHeight: number): number {
	return Math.max(8, Math.floor(viewHeight / 3));
}

/**
 * With several servers in view, the row's server: `on work`, or `on lab, as last seen (lab does not
 * answer)` when its list could not be read (its rows stay, marked `lab?` in the SERVER column).
 */
export function serverNote(c: Tagged<AppConversation>, several: boolean, stale: boolean): ServerNote {
	if (!several) return null;
	const name = clean(c.server);
	return stale ? {text: `on ${name}, as last seen (${name} does not answer)`, stale} : {text: `on ${name}`, stale};
}

export type ServerNote = {text: string; stale: boolean} | null;

/** Where it lives and what runs it: sandbox (app servers), repository or working directory, model, cost, server. */
export function conversationFacts(c: Tagged<AppConversation>, server: ServerNote): string[] {
	return [
		// data that may be old says so first, before anything a narrow line cuts
		...(server?.stale ? [server.text] : []),
		...(c.sandbox_id ? [`sandbox ${clean(c.sandbox_status) || '—'}`] : []),
		c.selected_repository || !c.working_dir ? repoAtBranch(c.selected_repository, c.selected_branch) : maskField(c.working_dir),
		...(c.llm_model ? [shortModel(c.llm_model)] : []),
		...((c.metrics?.accumulated_cost ?? 0) > 0 ? [cost(c.metrics!.accumulated_cost)] : []),
		...(server && !server.stale ? [server.text] : []),
	];
}

type Props = {
	conversation: Tagged<AppConversation> | undefined;
	state: RowState | null;
	glimpse: Glimpse | undefined;
	/** several servers in view: the row's server (./serverNote), else null */
	server: ServerNote;
	width: number;
	height: number;
	now: number;
};

export const PreviewPane = memo(function PreviewPane({conversation: c, state, glimpse, server, width, height, now}: Props) {
	const theme = useTheme();
	// what x does on this conversation's server (the footer says the same)
	const keys = answerKeys(useAnswerScope(c));
	if (!c || !state) {
		return (
			<Box height={height} flexDirection="column">
				<Text color={theme.muted}>{'─'.repeat(width)}</Text>
				<Text color={theme.muted}>{'  nothing selected'}</Text>
			</Box>
		);
	}
	const look = rowLook(c, state);
	const title = wrapLine(maskTitle(c.title) || '(untitled)', Math.max(10, width - 2)).slice(0, 2);
	const since = stateSince(c, glimpse);
	const facts = [`${lookText(look)}${since !== null && since <= now ? ` ${duration(now - since)}` : ''}`, ...conversationFacts(c, server), `updated ${relativeTime(c.updated_at, now)}`, clean(c.id)];
	const events = glimpse?.events ?? [];
	// as the activity shows them: no noise rows, usage rows at their time (a glimpse is a few events)
	const rows = shownRows(events);
	const pending = state === 'waiting' ? pendingActions(events) : [];
	// the keys first: a long action is cut at the end, never the way to answer it
	const waitLine = state === 'waiting' ? `waits for you${keys ? ` (${keys})` : ''}: ${pending.length ? pending.map(pendingLine).join(' · ') : 'a confirmation'}` : null;
	const eventRows = Math.max(1, height - 2 - title.length - (waitLine ? 1 : 0));
	const empty = glimpse?.error ? `events: ${clean(glimpse.error.message)}` : glimpse ? 'no events yet' : 'reading its events…';
	return (
		<Box height={height} flexDirection="column" overflow="hidden">
			<Text color={theme.muted}>{'─'.repeat(width)}</Text>
			{title.map((line, i) => (
				<Text key={i} bold wrap="truncate">
					{`  ${line}`}
				</Text>
			))}
			<Text wrap="truncate" color={theme.tone(look.tone)}>
				{truncate(`  ${facts.join(' · ')}`, width)}
			</Text>
			{waitLine ? (
				<Text bold color={theme.warn} wrap="truncate">
					{truncate(`  ${waitLine}`, width)}
				</Text>
			) : null}
			<EventList events={events} rows={rows} offset={Math.max(0, (rows ? rows.length : events.length) - eventRows)} index={-1} height={eventRows} width={width} empty={empty} />
		</Box>
	);
});
