/**
 * A form of one-line text fields (TextField). Tab/Shift-Tab (or arrows) move between fields,
 * Enter submits, Esc cancels; while open it holds every key so typing `q` types a q.
 */
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {fit, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {editText} from './textEdit.js';
import {TextField} from './TextField.js';
import {missingField, useFormState, type FieldSpec} from './useFormState.js';

type Props = {
	title: string;
	/** one line under the title (what the form will use), clean */
	note?: string | null;
	fields: readonly FieldSpec[];
	width: number;
	onSubmit(values: Record<string, string>): void;
	onCancel(): void;
};

export function Form({title, note = null, fields, width, onSubmit, onCancel}: Props) {
	const theme = useTheme();
	const [state, dispatch] = useFormState(fields);
	// where the cursor is in the focused field; null: at its end (and after every focus change)
	const [cursor, setCursor] = useState<{focus: number; at: number} | null>(null);
	const focusedField = fields[state.focus];
	const focusedValue = focusedField ? (state.values[focusedField.name] ?? '') : '';
	const at = cursor?.focus === state.focus ? cursor.at : focusedValue.length;
	useKeys(
		'modal',
		(name, input) => {
			const command = commandFor('form', name);
			// The form's own keys (Tab, arrows up and down, Enter, Esc) first; every other key edits.
			const next = command === undefined && focusedField ? editText({value: focusedValue, cursor: at}, name, input) : null;
			if (next && focusedField) {
				dispatch({type: 'set', name: focusedField.name, value: next.value});
				// a pasted Tab moves on to the next field (useFormState), the cursor with it
				setCursor(next.value.includes('\t') ? null : {focus: state.focus, at: next.cursor});
				return true;
			}
			switch (command) {
				case 'field.next':
					dispatch({type: 'focus', delta: 1});
					break;
				case 'field.prev':
					dispatch({type: 'focus', delta: -1});
					break;
				case 'cancel':
					onCancel();
					break;
				case 'submit': {
					const missing = missingField(fields, state.values);
					if (missing) dispatch({type: 'error', message: `${missing.label} is required`});
					else onSubmit(state.values);
					break;
				}
			}
			return true;
		},
		true,
		{text: true},
	);
	const labelWidth = Math.min(24, Math.max(...fields.map(f => f.label.length + (f.required ? 2 : 0))) + 3);
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{truncate(title, width)}
			</Text>
			{note ? (
				<Text color={theme.muted} wrap="wrap">
					{note}
				</Text>
			) : null}
			{fields.map((f, i) => {
				const focused = i === state.focus;
				return (
					<Box key={f.name} width={width} overflow="hidden">
						{/* bold and › mark the field; inverse here would run into the cursor's */}
						<Text bold={focused}>
							{fit(`${focused ? theme.selectMarker : ' '} ${f.label}${f.required ? ' *' : ''}`, labelWidth)}
						</Text>
						<TextField
							value={state.values[f.name] ?? ''}
							cursor={focused ? at : 0}
							focused={focused}
							placeholder={f.placeholder}
							width={width - labelWidth}
						/>
					</Box>
				);
			})}
			{state.error ? (
				<Text color={theme.error} wrap="truncate">
					{state.error}
				</Text>
			) : null}
			<Text color={theme.muted} wrap="truncate">
				Tab next field · Shift-Tab previous · Enter submit · Esc cancel
			</Text>
		</Box>
	);
}
