/**
 * A form of one-line text fields (ink-text-input). Tab/Shift-Tab (or arrows) move between fields,
 * Enter submits, Esc cancels; while open it holds every key so typing `q` types a q.
 */
import React from 'react';
import {Box, Text} from 'ink';
import TextInput from 'ink-text-input';
import {commandFor} from '../keymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {cleanInput, fit, truncate} from '../sanitize.js';
import {useTheme} from '../theme.js';
import {missingField, useFormState, type FieldSpec} from './useFormState.js';

type Props = {
	title: string;
	fields: readonly FieldSpec[];
	width: number;
	onSubmit(values: Record<string, string>): void;
	onCancel(): void;
};

export function Form({title, fields, width, onSubmit, onCancel}: Props) {
	const theme = useTheme();
	const [state, dispatch] = useFormState(fields);
	useKeys('modal', name => {
		switch (commandFor('form', name)) {
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
	});
	const labelWidth = Math.min(24, Math.max(...fields.map(f => f.label.length + (f.required ? 2 : 0))) + 3);
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{truncate(title, width)}
			</Text>
			{fields.map((f, i) => {
				const focused = i === state.focus;
				return (
					<Box key={f.name} width={width} overflow="hidden">
						<Text bold={focused} inverse={focused && !theme.color}>
							{fit(`${focused ? theme.selectMarker : ' '} ${f.label}${f.required ? ' *' : ''}`, labelWidth)}
						</Text>
						<TextInput
							value={state.values[f.name] ?? ''}
							onChange={value => dispatch({type: 'set', name: f.name, value: cleanInput(value)})}
							focus={focused}
							// ink-text-input greys the placeholder with its own chalk, which ignores NO_COLOR
							placeholder={theme.color ? (f.placeholder ?? '') : ''}
							showCursor
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
