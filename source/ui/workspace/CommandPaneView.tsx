/**
 * The command pane below a conversation's activity (issue 28 item 4, `$`): a line of what runs
 * (or how it ended), its output (both streams, stderr in the error colour, cleaned and masked by
 * the store as it came: store/workspace/commandPane.ts), and a one-line prompt. Enter runs what is
 * typed in the conversation's workspace, one command at a time; ↑/↓ walk the commands typed
 * before; PgUp/PgDn scroll the output (it follows its end otherwise); Esc closes the pane and
 * leaves a running command to go on: the activity's header shows how it ends. The lane lives in the
 * store, so the pane opened again shows the same output.
 */
import React, {useCallback, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import {wrapLine} from '../../present/events/text.js';
import {count} from '../../present/format.js';
import {paneState, paneSummary} from '../../present/workspaceText.js';
import type {FleetSnapshot} from '../../fleet/types.js';
import type {PaneState} from '../../store/types.js';
import {clean, truncate} from '../../text/sanitize.js';
import {maskSecrets} from '../../text/secrets.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {type Theme, useTheme} from '../theme.js';
import {useSnapshot} from '../useStore.js';
import {editText, type TextState} from '../widgets/textEdit.js';
import {TextField} from '../widgets/TextField.js';

/** Rows the pane takes below the activity: about two fifths of it, its title and prompt included. */
export function commandPaneHeight(height: number): number {
	return Math.max(5, Math.min(18, Math.round(height * 0.4)));
}

type Props = {conversation: Tagged<AppConversation>; width: number; height: number; onClose(): void};

type Row = {text: string; stderr: boolean};

const PROMPT = '$ ';

/** The pane of one conversation, re-read only when that pane changed. */
export function usePane(conversation: Tagged<AppConversation>): PaneState | null {
	const key = refKey(conversation);
	const select = useCallback((s: FleetSnapshot) => s.panes[key] ?? null, [key]);
	return useSnapshot(select);
}

/** The header's part: `$ make → exit 2` and its tone, re-rendering only when the words change. */
export function usePaneSummary(conversation: Tagged<AppConversation>): {text: string; tone: 'running' | 'ok' | 'error'} | null {
	const key = refKey(conversation);
	const select = useCallback((s: FleetSnapshot) => {
		const pane = s.panes[key];
		const text = paneSummary(pane, 32);
		if (!pane || text === null) return null;
		const tone = pane.running ? 'running' : pane.end?.kind === 'exited' && pane.end.code === 0 ? 'ok' : 'error';
		return `${tone}\u0000${text}`;
	}, [key]);
	const found = useSnapshot(select);
	return useMemo(() => {
		if (found === null) return null;
		const [tone, text] = found.split('\u0000') as ['running' | 'ok' | 'error', string];
		return {text, tone};
	}, [found]);
}

function titleColor(pane: PaneState | null, theme: Theme): string | undefined {
	if (!pane?.command) return theme.muted;
	if (pane.running) return theme.warn;
	return pane.end?.kind === 'exited' && pane.end.code === 0 ? theme.ok : theme.error;
}

export function CommandPaneView({conversation, width, height, onClose}: Props) {
	const {fleet, notify} = useUi();
	const theme = useTheme();
	const pane = usePane(conversation);
	const [input, setInput] = useState<TextState>({value: '', cursor: 0});
	// where ↑ has walked back to in the history (null: the line being typed), and what that line was
	const [recall, setRecall] = useState<{at: number; typed: string} | null>(null);
	// rows scrolled up from the end of the output (0: it follows the end)
	const [back, setBack] = useState(0);
	const outputRows = Math.max(1, height - 2);
	const rows = useMemo<Row[]>(() => (pane?.lines ?? []).flatMap(line => wrapLine(line.text, Math.max(1, width)).map(text => ({text, stderr: line.stderr}))), [pane?.lines, width]);
	const maxBack = Math.max(0, rows.length - outputRows);
	const from = Math.max(0, rows.length - outputRows - Math.min(back, maxBack));
	useHintScopes(['command']);

	useKeys(
		'modal',
		(name, typed) => {
			const command = commandFor('command', name);
			const history = pane?.history ?? [];
			switch (command) {
				case 'submit': {
					const line = input.value.trim();
					if (!line) return true;
					if (pane?.running) {
						notify('info', 'a command is running in this workspace: one at a time (Esc leaves it running)');
						return true;
					}
					fleet.runCommand(conversation, line);
					setInput({value: '', cursor: 0});
					setRecall(null);
					setBack(0);
					return true;
				}
				case 'cancel':
					onClose();
					return true;
				case 'history.prev':
				case 'history.next': {
					if (history.length === 0) return true;
					const at = recall?.at ?? history.length;
					const next = command === 'history.prev' ? Math.max(0, at - 1) : at + 1;
					if (next >= history.length) {
						if (recall) setInput({value: recall.typed, cursor: recall.typed.length});
						setRecall(null);
					} else {
						setRecall({at: next, typed: recall?.typed ?? input.value});
						setInput({value: history[next]!, cursor: history[next]!.length});
					}
					return true;
				}
				case 'page.up':
					setBack(b => Math.min(maxBack, b + Math.max(1, outputRows - 1)));
					return true;
				case 'page.down':
					setBack(b => Math.max(0, b - Math.max(1, outputRows - 1)));
					return true;
				default: {
					const next = editText(input, name, typed);
					// one line: a pasted line break or Tab is a space
					if (next) setInput({value: next.value.replace(/[\t\r\n]/g, ' '), cursor: next.cursor});
					return true;
				}
			}
		},
		true,
		{text: true},
	);

	const state = pane ? paneState(pane) : null;
	const parts = [pane?.command ? `$ ${maskSecrets(clean(pane.command))}` : 'Run a command in the workspace', state ?? ''];
	if (pane?.dropped) parts.push(`${count(pane.dropped)} earlier lines dropped`);
	if (back > 0 && maxBack > 0) parts.push(`${count(Math.min(back, maxBack))} lines up (PgDn)`);
	const title = `── ${parts.filter(Boolean).join(' · ')} `;
	const visible = rows.slice(from, from + outputRows);
	return (
		<Box flexDirection="column" height={height} overflow="hidden">
			<Text color={titleColor(pane, theme)} bold wrap="truncate">
				{truncate(title + '─'.repeat(Math.max(0, width - title.length)), width)}
			</Text>
			<Box flexDirection="column" height={outputRows}>
				{visible.map((row, i) => (
					<Text key={from + i} color={row.stderr ? theme.error : undefined} wrap="truncate">
						{row.text || ' '}
					</Text>
				))}
				{visible.length === 0 ? <Text color={pane?.error ? theme.error : theme.muted}>{truncate(emptyText(pane), width)}</Text> : null}
			</Box>
			<Box width={width} overflow="hidden">
				<Text color={theme.accent}>{PROMPT}</Text>
				<TextField value={input.value} cursor={input.cursor} focused placeholder={pane?.running ? 'running… (Esc leaves it running)' : 'a command, run in the working directory'} width={width - PROMPT.length} />
			</Box>
		</Box>
	);
}

function emptyText(pane: PaneState | null): string {
	if (!pane?.command) return 'its output shows here; ↑ recalls the commands typed before';
	if (pane.error) return maskSecrets(clean(pane.error));
	// the agent server publishes a command's output when it ends, or per 1 MiB (store/workspace/commandRun.ts)
	if (pane.running) return 'running: the agent server sends the output when the command ends (or per 1 MiB)…';
	return '(no output)';
}
