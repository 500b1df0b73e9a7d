/**
 * The bindings in force: KEYMAP with the config file's `keys` applied at start (keys/overrides.ts)
 * and `--read-only` turning the mutating commands off. The router, the help and the footer read
 * keys only through here.
 */
import {type Binding, type Command, KEYMAP, MUTATING, type Scope, SORT_KEYS} from '../../keymap/keymap.js';
import {type KeyOverrides, resolveKeyOverrides} from '../../keymap/overrides.js';

let readOnly = false;

/** `--read-only`: set once at start; mutating commands then resolve to nothing and leave the hints. */
export function setReadOnly(on: boolean): void {
	readOnly = on;
}

export function isReadOnly(): boolean {
	return readOnly;
}

/** A binding that `--read-only` turns off. */
export function isOff(binding: Binding): boolean {
	return readOnly && MUTATING.has(binding.command);
}

let activeKeymap: readonly Binding[] = KEYMAP;

export function setActiveKeymap(bindings: readonly Binding[]): void {
	activeKeymap = bindings;
}

export function currentKeymap(): readonly Binding[] {
	return activeKeymap;
}

export function commandFor(scope: Scope, name: string): Command | undefined {
	for (const binding of activeKeymap) {
		if (binding.scope === scope && binding.keys.includes(name)) return isOff(binding) ? undefined : binding.command;
	}
	return undefined;
}

/** The description of a binding `--read-only` turned off for this key in these scopes, if any. */
export function offBinding(scopes: readonly Scope[], name: string): Binding | undefined {
	if (!readOnly) return undefined;
	for (const scope of scopes) {
		const binding = activeKeymap.find(b => b.scope === scope && b.keys.includes(name));
		if (binding) return isOff(binding) ? binding : undefined;
	}
	return undefined;
}

export function bindingsFor(scopes: readonly Scope[]): Binding[] {
	return scopes.flatMap(scope => activeKeymap.filter(b => b.scope === scope));
}

/** The key that sorts by a column whose default letter is `letter` (after the config's overrides), or null. */
export function sortKeyFor(letter: string | undefined): string | null {
	const at = letter === undefined ? -1 : SORT_KEYS.indexOf(letter);
	if (at < 0) return null;
	const binding = activeKeymap.find(b => b.command === 'sort.column');
	return binding?.keys[at] ?? null;
}

/** Applies checked overrides to the live keymap (start-up only; an empty object restores the defaults). */
export function applyKeyOverrides(overrides: KeyOverrides): void {
	const result = resolveKeyOverrides(overrides);
	if (!result.ok) throw new Error(result.message);
	setActiveKeymap(result.bindings);
}
