/**
 * A question with a one-line answer (the reason for rejecting an agent's action): Enter submits
 * what was typed (it may be empty), Esc cancels. Holds every key while open; edits through the
 * KeyRouter like the form and the filter (textEdit.ts), so keys in one read are each acted on.
 */
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {useHintScopes} from '../hints.js';
import type {Scope} from '../../keymap/keymap.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {editText, type TextState} from './textEdit.js';
import {TextField} from './TextField.js';

type Props = {
	message: string;
	/** what the answer is about, laid out over rows above the message (an approval's command and risk) */
	rows?: readonly string[];
	placeholder?: string;
	/** the answer offered, editable (a default path) */
	initial?: string;
	width: number;
	/** the keymap scope that names Enter and Esc here */
	scope: Scope;
	onSubmit(value: string): void;
	onCancel(): void;
};

export const LINE_INPUT_HEIGHT = 2;

const PROMPT = '> ';

export function LineInput({message, rows = [], placeholder = '', initial = '', width, scope, onSubmit, onCancel}: Props) {
	const theme = useTheme();
	const [state, setState] = useState<TextState>({value: initial, cursor: initial.length});
	useHintScopes([scope]);
	useKeys(
		'modal',
		(name, input) => {
			const command = commandFor(scope, name);
			if (command === 'submit') onSubmit(state.value);
			else if (command === 'cancel') onCancel();
			else {
				const next = editText(state, name, input);
				// the answer is one line: a pasted Tab is a space too
				if (next) setState({value: next.value.replaceAll('\t', ' '), cursor: next.cursor});
			}
			return true;
		},
		true,
		{text: true},
	);
	return (
		<Box flexDirection="column">
			{[...rows, message].map((row, i) => (
				<Text key={i} bold color={theme.warn} wrap="truncate">
					{truncate(row, width)}
				</Text>
			))}
			<Box width={width} overflow="hidden">
				<Text color={theme.accent}>{PROMPT}</Text>
				<TextField value={state.value} cursor={state.cursor} focused placeholder={placeholder} width={width - PROMPT.length} />
			</Box>
		</Box>
	);
}
