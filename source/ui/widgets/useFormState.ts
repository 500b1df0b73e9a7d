/** Headless state of a small form: field values, which field has focus, one error line. */
import {useReducer} from 'react';

export type FieldSpec = {name: string; label: string; required?: boolean; placeholder?: string};

export type FormState = {values: Record<string, string>; focus: number; error: string | null};

export type FormAction =
	| {type: 'set'; name: string; value: string}
	| {type: 'focus'; delta: 1 | -1}
	| {type: 'error'; message: string | null};

export function initialForm(fields: readonly FieldSpec[]): FormState {
	return {values: Object.fromEntries(fields.map(f => [f.name, ''])), focus: 0, error: null};
}

export function formReducer(fields: readonly FieldSpec[]) {
	const count = fields.length;
	return (state: FormState, action: FormAction): FormState => {
		switch (action.type) {
			case 'set':
				return setValue(fields, state, action.name, action.value);
			case 'focus':
				return {...state, focus: (state.focus + action.delta + count) % count};
			case 'error':
				return {...state, error: action.message};
		}
	};
}

/**
 * A paste arrives as one chunk, so a Tab inside it reaches the text input as a character rather
 * than as the key: treat each Tab as "next field", as typing it would.
 */
function setValue(fields: readonly FieldSpec[], state: FormState, name: string, value: string): FormState {
	const start = fields.findIndex(f => f.name === name);
	const parts = value.split('\t');
	if (parts.length === 1 || start < 0) return {...state, values: {...state.values, [name]: value}, error: null};
	const values = {...state.values};
	let focus = start;
	parts.forEach((part, i) => {
		const index = Math.min(start + i, fields.length - 1);
		const field = fields[index];
		if (!field) return;
		values[field.name] = index === start + i ? part : `${values[field.name] ?? ''} ${part}`;
		focus = index;
	});
	return {...state, values, focus, error: null};
}

/** The first required field left empty, or null when the form can be sent. */
export function missingField(fields: readonly FieldSpec[], values: Record<string, string>): FieldSpec | null {
	return fields.find(f => f.required && !(values[f.name] ?? '').trim()) ?? null;
}

export function useFormState(fields: readonly FieldSpec[]) {
	return useReducer(formReducer(fields), fields, initialForm);
}
