import {describe, expect, it} from 'vitest';
import {formReducer, initialForm, type FieldSpec} from '../../source/ui/widgets/useFormState.js';

const FIELDS: FieldSpec[] = [
	{name: 'message', label: 'Initial message', required: true},
	{name: 'repository', label: 'Repository'},
	{name: 'branch', label: 'Branch'},
];

describe('form state', () => {
	it('reads Tabs inside a pasted chunk as moves to the next field', () => {
		const reduce = formReducer(FIELDS);
		const state = reduce(initialForm(FIELDS), {type: 'set', name: 'message', value: 'Fix it\tocto/repo\tmain'});
		expect(state.values).toEqual({message: 'Fix it', repository: 'octo/repo', branch: 'main'});
		expect(state.focus).toBe(2);
	});

	it('keeps extra pasted fields in the last field instead of losing them', () => {
		const reduce = formReducer(FIELDS);
		const state = reduce(initialForm(FIELDS), {type: 'set', name: 'repository', value: 'a\tb\tc'});
		expect(state.values).toEqual({message: '', repository: 'a', branch: 'b c'});
		expect(state.focus).toBe(2);
	});

	it('sets a plain value in place', () => {
		const reduce = formReducer(FIELDS);
		const state = reduce(initialForm(FIELDS), {type: 'set', name: 'branch', value: 'dev'});
		expect(state.values.branch).toBe('dev');
		expect(state.focus).toBe(0);
	});
});
