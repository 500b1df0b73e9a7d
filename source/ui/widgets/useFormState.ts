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

export function formReducer(count: number) {
	return (state: FormState, action: FormAction): FormState => {
		switch (action.type) {
			case 'set':
				return {...state, values: {...state.values, [action.name]: action.value}, error: null};
			case 'focus':
				return {...state, focus: (state.focus + action.delta + count) % count};
			case 'error':
				return {...state, error: action.message};
		}
	};
}

/** The first required field left empty, or null when the form can be sent. */
export function missingField(fields: readonly FieldSpec[], values: Record<string, string>): FieldSpec | null {
	return fields.find(f => f.required && !(values[f.name] ?? '').trim()) ?? null;
}

export function useFormState(fields: readonly FieldSpec[]) {
	return useReducer(formReducer(fields.length), fields, initialForm);
}
