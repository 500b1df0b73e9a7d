import type {Command, Scope} from '../../keymap/keymap.js';
import {bindingsFor, isOff} from './activeKeymap.js';
import {keyText} from './keyNames.js';

export type Hint = {command: Command; text: string};

/** Footer hints for the scopes active now, modal scopes first, one per binding with a hint. */
export function hintList(scopes: readonly Scope[]): Hint[] {
	return bindingsFor(scopes)
		.filter(b => b.hint && !isOff(b))
		.map(b => ({command: b.command, text: `${keyText(b.keys[0]!)} ${b.hint}`}));
}

/** Footer hints as one line. */
export function hintsFor(scopes: readonly Scope[]): string {
	return hintList(scopes)
		.map(h => h.text)
		.join('  ');
}
