/**
 * The config file's `keys`: `{"sandbox.pause": ["z"], "move.down": "ctrl-n"}` gives a command new
 * keys in every scope it is bound in (the old keys go). Checked once at start (a config error
 * names the command or the clash) and then applied (ui/keys/activeKeymap.ts) to the one keymap
 * the router, the help and the footer read.
 */
import {KEYMAP, type Binding, type Scope} from './keymap.js';
import {SCOPE_TITLES} from './scopeTitles.js';

export type KeyOverrides = Readonly<Record<string, string | readonly string[]>>;

// alt-enter reaches only a layer that reads Alt chords (the message box): keys/takePress.ts
const NAMED = new Set(['up', 'down', 'left', 'right', 'pageup', 'pagedown', 'home', 'end', 'enter', 'esc', 'tab', 'shift-tab', 'backspace', 'delete', 'alt-enter']);
const ALIASES: Record<string, string> = {space: ' ', return: 'enter', escape: 'esc', pgup: 'pageup', pgdn: 'pagedown', 'page-up': 'pageup', 'page-down': 'pagedown'};

/**
 * The scopes whose handlers listen at the same time, one set per screen: a key bound twice in one
 * set reaches only one of the two commands. Modal scopes that take every key (form, filter, confirm,
 * message, reason) are a screen of their own; the pager, the help and the picker pass some keys on.
 */
const SCREENS: ReadonlyArray<readonly Scope[]> = [
	['global', 'scroll'],
	// a / x answer a waiting agent from the list, its details and ! too (issue 19)
	['global', 'list', 'conversations', 'conversation', 'conversationSandbox', 'approval', 'approvalNoReject'],
	['global', 'detail', 'scroll', 'conversation', 'conversationSandbox', 'approval', 'approvalNoReject'],
	['global', 'activity', 'approval', 'approvalNoReject', 'activitySandbox'],
	['global', 'changes'],
	['global', 'pager'],
	// a changed file's diff and a workspace file are pagers with keys of their own (issue 28 item 4)
	['global', 'pager', 'changesDiff'],
	['global', 'files'],
	['global', 'pager', 'filePager'],
	['global', 'list', 'sandboxes'],
	['global', 'detail', 'scroll', 'sandboxDetail'],
	['global', 'list', 'specs'],
	// the needs-you list (!) and a sandbox's conversations (c) are lists of choices over the tabs
	['global', 'attention', 'choice', 'approval', 'approvalNoReject', 'list'],
	['global', 'choice'],
	['global', 'servers', 'choice'],
	['help', 'scroll'],
	['picker', 'list'],
];

/** Scopes where the user types: a character bound there could not be typed, nor an edit key used. */
const TEXT_SCOPES: ReadonlySet<Scope> = new Set(['form', 'filter', 'message', 'reason', 'command', 'savePath']);
const EDIT_KEYS = new Set(['left', 'right', 'home', 'end', 'backspace', 'delete', 'ctrl-a', 'ctrl-e', 'ctrl-u', 'ctrl-k', 'ctrl-w', 'ctrl-d']);

/** Whether a key bound in `scope` takes a key the user needs there for typing or editing. */
function takesText(scope: Scope, key: string): boolean {
	if (!TEXT_SCOPES.has(scope)) return false;
	if (EDIT_KEYS.has(key) || [...key].length === 1) return true;
	// the message box moves between its lines with the arrows
	return scope === 'message' && (key === 'up' || key === 'down');
}

function together(a: Scope, b: Scope): boolean {
	return a === b || SCREENS.some(screen => screen.includes(a) && screen.includes(b));
}

/** A key as the router names it (./keyNames.ts), or null when it cannot be typed as one key. */
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
	// none (the config file's usual case, and every start without `keys`): the keymap as it is; the
	// clash check below is quadratic in the bindings, ~3 ms before the first frame on Node 20
	if (Object.keys(overrides).length === 0) return {ok: true, bindings: base};
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
	for (const b of bindings) {
		const key = replaced.has(b.command) ? b.keys.find(k => takesText(b.scope, k)) : undefined;
		if (key !== undefined) return {ok: false, message: `keys.${b.command}: "${key === ' ' ? 'space' : key}" is needed for typing in the ${SCOPE_TITLES[b.scope].toLowerCase()}`};
	}
	const clash = findClash(bindings, new Set(replaced.keys()));
	return clash ? {ok: false, message: clash} : {ok: true, bindings};
}

/** A key that would mean two commands where both listen; only clashes an override made count. */
function findClash(bindings: readonly Binding[], changed: ReadonlySet<string>): string | null {
	// a pair counts only when one side was changed: an unchanged `a` is checked against the changed
	// bindings alone, in the same order, so the first clash found (and its message) is the same
	const changedBindings = bindings.filter(b => changed.has(b.command));
	for (const a of bindings) {
		for (const b of changed.has(a.command) ? bindings : changedBindings) {
			if (a === b || a.command === b.command) continue;
			if (!together(a.scope, b.scope)) continue;
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
