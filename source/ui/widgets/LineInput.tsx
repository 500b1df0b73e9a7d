/**
 * A question with a one-line answer (the reason for rejecting an agent's action): Enter submits
 * what was typed (it may be empty), Esc cancels. Holds every key while open.
 */
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import TextInput from 'ink-text-input';
import {useHintScopes} from '../hints.js';
import {commandFor, type Scope} from '../keymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {cleanInput, truncate} from '../sanitize.js';
import {useTheme} from '../theme.js';

type Props = {
	message: string;
	placeholder?: string;
	width: number;
	/** the keymap scope that names Enter and Esc here */
	scope: Scope;
	onSubmit(value: string): void;
	onCancel(): void;
};

export const LINE_INPUT_HEIGHT = 2;

export function LineInput({message, placeholder = '', width, scope, onSubmit, onCancel}: Props) {
	const theme = useTheme();
	const [value, setValue] = useState('');
	useHintScopes([scope]);
	useKeys('modal', name => {
		const command = commandFor(scope, name);
		if (command === 'submit') onSubmit(value);
		else if (command === 'cancel') onCancel();
		return true;
	});
	return (
		<Box flexDirection="column">
			<Text bold color={theme.warn} wrap="truncate">
				{truncate(message, width)}
			</Text>
			<Box width={width} overflow="hidden">
				<Text color={theme.accent}>{'> '}</Text>
				{/* a pasted line break is a space here: the answer is one line */}
				<TextInput value={value} onChange={v => setValue(cleanInput(v.replace(/[\r\n\t]+/g, ' ')))} focus showCursor placeholder={theme.color ? placeholder : ''} />
			</Box>
		</Box>
	);
}
