/**
 * The `/` filter's input while it has focus (tables and the activity view): it owns every key,
 * Enter keeps the filter, Esc clears it, the rest edit the text through the KeyRouter
 * (textEdit.ts). Returns where the cursor is, for TextField.
 */
import {useState} from 'react';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {editText} from './textEdit.js';

export type FilterState = {text: string; editing: boolean};

type SetFilter = (update: FilterState | ((prev: FilterState) => FilterState)) => void;

export function useFilterInput(filter: FilterState, setFilter: SetFilter, active: boolean): number {
	const [filterCursor, setFilterCursor] = useState<number | null>(null);
	const cursor = Math.min(filterCursor ?? filter.text.length, filter.text.length);
	useKeys(
		'modal',
		(name, input) => {
			const command = commandFor('filter', name);
			if (command === 'filter.clear') setFilter({text: '', editing: false});
			else if (command === 'filter.apply') setFilter(f => ({...f, editing: false}));
			else {
				const next = editText({value: filter.text, cursor}, name, input);
				if (next) {
					setFilter(f => ({...f, text: next.value.replaceAll('\t', ' ')}));
					setFilterCursor(next.cursor);
				}
			}
			if (command !== undefined) setFilterCursor(null);
			return true;
		},
		active && filter.editing,
		{text: true},
	);
	return cursor;
}
