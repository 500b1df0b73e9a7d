/**
 * A message to a conversation's agent: several lines (Enter sends, Ctrl-j or Alt-Enter adds a
 * line), paste kept as pasted, Esc closes and keeps the draft (fleet.saveDraft) for next time;
 * Ctrl-g writes it in $EDITOR (ui/useHandOff.ts) and brings the text back, unsent.
 * When the sandbox is paused it asks once whether to resume it first. While open it holds every
 * key, so typing `q` types a q.
 *
 * While the agent waits for a confirmation a message would approve the pending action (issue 26
 * item 1, store/actions/safeSend.ts): a line above the keys says so. Where the agent server can
 * reject, Enter rejects the action first ("superseded by a new message"), then sends; where it
 * cannot (before SDK 1.6.0), Enter asks: accept the action first (then the message goes), or keep
 * the draft.
 *
 * It reads keys as a text layer that takes Alt chords (keys/takePress.ts): typed runs and pastes
 * (bracketed, or one read of lines with CRs) come as one PASTE press and are inserted with their
 * line breaks, never sent; ESC CR is Alt-Enter; other Alt chords type nothing.
 */
import React, {useCallback, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {useHandOff} from '../useHandOff.js';
import {useHintScopes} from '../hints.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {PASTE} from '../keys/splitKeys.js';
import {clean, displayWidth, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {selectDrafts, useSnapshot} from '../useStore.js';
import {typedCharacter} from './textEdit.js';
import {editorReducer, initialEditor, layoutEditor, type EditorAction, type EditorState} from './textEditor.js';
import {maskTitle} from '../../text/secrets.js';

/** Rows the box takes: a title, the text, a line for keys or a question. */
export const MESSAGE_BOX_HEIGHT = 8;

type Props = {
	conversation: Tagged<AppConversation>;
	width: number;
	height?: number;
	/** the agent waits for a confirmation now, as the screen knows it (the activity's events, the list) */
	waiting?: boolean;
	/** the version of an agent server that cannot reject (before SDK 1.6.0); null: it can, or it is not known */
	noReject?: string | null;
	onClose(): void;
};

/** What the box asks before sending: whether to resume a paused sandbox, or to accept what waits. */
type Ask = 'resume' | 'accept' | null;

/** The line above the keys while an action waits: what Enter will do about it. */
export function waitingLine(noReject: string | null): string {
	return noReject === null
		? 'An action waits: sending rejects it first (superseded by a new message)'
		: `An action waits; this server (${noReject || 'before 1.6.0'}) cannot reject it: a message would run it`;
}

const MOVES: Record<string, EditorAction> = {
	left: {type: 'left'},
	right: {type: 'right'},
	up: {type: 'up'},
	down: {type: 'down'},
	home: {type: 'home'},
	end: {type: 'end'},
	'ctrl-a': {type: 'home'},
	'ctrl-e': {type: 'end'},
	'ctrl-u': {type: 'killLine'},
	backspace: {type: 'backspace'},
	delete: {type: 'delete'},
};

export function MessageBox({conversation, width, height = MESSAGE_BOX_HEIGHT, waiting = false, noReject = null, onClose}: Props) {
	const {fleet, notify} = useUi();
	const {edit} = useHandOff();
	const theme = useTheme();
	const drafts = useSnapshot(selectDrafts);
	const draft = drafts[refKey(conversation)] ?? '';
	// The state lives in a ref too: Enter sends what the ref holds, whatever React has drawn yet.
	const state = useRef<EditorState>(initialEditor(draft));
	const [, setVersion] = useState(0);
	const [ask, setAsk] = useState<Ask>(null);
	const [error, setError] = useState<string | null>(null);
	const apply = useCallback((action: EditorAction) => {
		const next = editorReducer(state.current, action);
		if (next !== state.current) {
			state.current = next;
			setVersion(v => v + 1);
		}
	}, []);
	useHintScopes(ask ? ['confirm'] : ['message']);

	const send = (first: Ask) => {
		const text = state.current.text;
		if (first === 'resume') fleet.sendMessage(conversation, text, {resumeFirst: true});
		else if (first === 'accept') fleet.sendMessage(conversation, text, {acceptFirst: true});
		else fleet.sendMessage(conversation, text);
		onClose();
	};

	useKeys(
		'modal',
		(name, input) => {
			if (ask) {
				const command = commandFor('confirm', name);
				if (command === 'confirm') send(ask);
				else if (command === 'cancel' && ask === 'accept') {
					// keep the draft: nothing is sent while the action waits
					fleet.saveDraft(conversation, state.current.text);
					notify('info', 'not sent: the draft is kept');
					onClose();
				} else if (command === 'cancel') setAsk(null);
				return true;
			}
			setError(null);
			switch (commandFor('message', name)) {
				case 'message.send':
					if (!state.current.text.trim()) setError('nothing to send yet');
					else if (conversation.sandbox_status === 'PAUSED') setAsk('resume');
					else if (waiting && noReject !== null) setAsk('accept');
					else send(null);
					return true;
				case 'message.newline':
					apply({type: 'insert', text: '\n'});
					return true;
				case 'cancel':
					fleet.saveDraft(conversation, state.current.text);
					onClose();
					return true;
				case 'editor.open':
					// what the editor saves comes back into the box; only Enter sends it
					void edit(state.current.text).then(text => {
						if (text !== null) apply({type: 'replace', text});
					});
					return true;
			}
			const move = MOVES[name];
			if (move) apply(move);
			else if (name === PASTE) apply({type: 'insert', text: input});
			else if (typedCharacter(name, input) !== null) apply({type: 'insert', text: input});
			// anything else (Alt chords, Tab, other Ctrl keys) types nothing
			return true;
		},
		true,
		// the paused-sandbox question reads plain keys: y, n, Enter, Esc
		{text: ask === null, alt: ask === null},
	);

	const title = `Message to ${maskTitle(conversation.title) || clean(conversation.id)}`;
	// the agent's own sandbox runs: only then is there an agent to wait
	const warned = waiting && conversation.sandbox_status !== 'PAUSED';
	const textRows = Math.max(1, height - (warned ? 3 : 2));
	const gutter = 2;
	const layout = layoutEditor(state.current, width - gutter);
	const top = Math.max(0, layout.cursorRow - textRows + 1);
	const shown = layout.rows.slice(top, top + textRows);
	const more = layout.rows.length - top - shown.length;
	return (
		<Box flexDirection="column" height={height} overflow="hidden">
			<Text bold color={theme.accent} wrap="truncate">
				{truncate(`${title}${draft && state.current.text === draft ? ' (draft)' : ''}`, width)}
			</Text>
			{Array.from({length: textRows}, (_, i) => {
				const row = shown[i];
				const mark = i === 0 && top > 0 ? '↑ ' : i === textRows - 1 && more > 0 ? '↓ ' : row === undefined ? '  ' : '│ ';
				return (
					<Text key={i} wrap="truncate">
						<Text color={theme.muted}>{mark}</Text>
						{row === undefined ? null : top + i === layout.cursorRow ? <CursorRow row={row} column={layout.cursorColumn} /> : row}
					</Text>
				);
			})}
			{warned ? (
				<Text color={theme.warn} wrap="truncate">
					{truncate(waitingLine(noReject), width)}
				</Text>
			) : null}
			{ask ? (
				<Text bold color={theme.warn} wrap="truncate">
					{truncate(
						ask === 'accept'
							? 'Accept it (it runs), then send? y/Enter accept, send · n/Esc keep the draft'
							: 'The sandbox is paused: resume it, then send? y/Enter resume and send · n/Esc back to the text',
						width,
					)}
				</Text>
			) : (
				<Text color={error ? theme.error : theme.muted} wrap="truncate">
					{truncate(error ?? 'Enter send · Ctrl-j or Alt-Enter new line · Esc close (keeps the draft) · Ctrl-g $EDITOR', width)}
				</Text>
			)}
		</Box>
	);
}

/** A row with the cursor drawn as an inverse cell at `column`. */
function CursorRow({row, column}: {row: string; column: number}) {
	let used = 0;
	let before = '';
	let at = ' ';
	let after = '';
	let found = false;
	for (const {segment} of new Intl.Segmenter().segment(row)) {
		if (found) after += segment;
		else if (used >= column) {
			at = segment;
			found = true;
		} else {
			before += segment;
			used += displayWidth(segment);
		}
	}
	return (
		<Text>
			{before}
			<Text inverse>{at}</Text>
			{after}
		</Text>
	);
}
