/**
 * The config file's `keys`: `{"sandbox.pause": ["P"], "move.down": "ctrl-n"}` gives a command new
 * keys in every scope it is bound in (the old keys go). Checked once at start (a config error
 * names the command or the clash) and then applied to the one keymap the router, the help and
 * the footer read.
 */
import {KEYMAP, SCOPE_TITLES, setActiveKeymap, type Binding, type Scope} from '../keymap.js';

export type KeyOverrides = Readonly<Record<string, string | readonly string[]>>;

const NAMED = new Set(['up', 'down', 'left', 'right', 'pageup', 'pagedown', 'home', 'end', 'enter', 'esc', 'tab', 'shift-tab', 'backspace', 'delete']);
const ALIASES: Record<string, string> = {space: ' ', return: 'enter', escape: 'esc', pgup: 'pageup', pgdn: 'pagedown', 'page-up': 'pageup', 'page-down': 'pagedown'};

/**
 * Scopes whose handlers listen at the same time: a key bound in both would reach only one of them.
 * Modal scopes (form, filter, confirm, picker, help) take every key on purpose and are left out.
 */
const TOGETHER: ReadonlyArray<readonly [Scope, Scope]> = [
	['conversations', 'list'],
	['sandboxes', 'list'],
	['specs', 'list'],
	['detail', 'scroll'],
	...(['list', 'scroll', 'conversations', 'sandboxes', 'specs', 'detail'] as const).map(scope => [scope, 'global'] as const),
];

/** A key as the router names it (keymap.ts keyName), or null when it cannot be typed as one key. */
export function normalizeKey(raw: string): string | null {
	if ([...raw].length === 1) return raw >= ' ' && raw !== '\u007f' ? raw : null;
	const lower = raw.toLowerCase();
	const name = ALIASES[lower] ?? lower;
	if (NAMED.has(name) || name === ' ') return name;
	const ctrl = /^(?:ctrl|control|c)[-+]([a-z])$/.exec(name);
	// Ctrl-i, Ctrl-m and Ctrl-[ arrive as Tab, Enter and Esc: they cannot be told apart.
	if (ctrl && !'im'.includes(ctrl[1]!)) return `ctrl-${ctrl[1]}`;
	return null;
}

type Checked = {ok: true; bindings: readonly Binding[]} | {ok: false; message: string};

/** The keymap with `overrides` applied, or one line naming what is wrong (never a stack). */
export function resolveKeyOverrides(overrides: KeyOverrides, base: readonly Binding[] = KEYMAP): Checked {
	const known = new Set(base.map(b => b.command as string));
	const replaced = new Map<string, readonly string[]>();
	for (const [command, value] of Object.entries(overrides)) {
		if (!known.has(command)) return {ok: false, message: `keys: unknown command "${visible(command)}"`};
		const keys: string[] = [];
		for (const raw of typeof value === 'string' ? [value] : value) {
			const key = normalizeKey(raw);
			if (key === null) return {ok: false, message: `keys.${command}: "${visible(raw)}" is not a key name (a character, or e.g. enter, esc, tab, up, pagedown, ctrl-n)`};
			if (key === 'ctrl-c' && command !== 'quit') return {ok: false, message: `keys.${command}: ctrl-c always quits`};
			if (!keys.includes(key)) keys.push(key);
		}
		replaced.set(command, keys);
	}

	const bindings = base.map(b => (replaced.has(b.command) ? {...b, keys: replaced.get(b.command)!} : b));
	const clash = findClash(bindings, new Set(replaced.keys()));
	return clash ? {ok: false, message: clash} : {ok: true, bindings};
}

/** Applies checked overrides to the live keymap (start-up only; an empty object restores the defaults). */
export function applyKeyOverrides(overrides: KeyOverrides): void {
	const result = resolveKeyOverrides(overrides);
	if (!result.ok) throw new Error(result.message);
	setActiveKeymap(result.bindings);
}

/** A key that would mean two commands where both listen; only clashes an override made count. */
function findClash(bindings: readonly Binding[], changed: ReadonlySet<string>): string | null {
	for (const a of bindings) {
		for (const b of bindings) {
			if (a === b || a.command === b.command || !(changed.has(a.command) || changed.has(b.command))) continue;
			if (a.scope !== b.scope && !TOGETHER.some(([x, y]) => (x === a.scope && y === b.scope) || (x === b.scope && y === a.scope))) continue;
			const key = a.keys.find(k => b.keys.includes(k));
			if (key === undefined) continue;
			const [first, second] = changed.has(a.command) ? [a, b] : [b, a];
			const where = first.scope === second.scope ? SCOPE_TITLES[first.scope] : `${SCOPE_TITLES[first.scope]} and ${SCOPE_TITLES[second.scope]}`;
			return `keys.${first.command}: "${key === ' ' ? 'space' : key}" is already ${second.command} (${where})`;
		}
	}
	return null;
}

function visible(text: string): string {
	// eslint-disable-next-line no-control-regex
	const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
	return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
