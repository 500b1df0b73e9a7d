/**
 * The start-up's skeleton (issue 29): a first frame drawn with plain writes as soon as the config
 * is resolved, before the TUI's script (React, Ink, the views) is even compiled: the header as the
 * real Header draws it at start (`ohtui app loading… · agent loading… demo`), the tabs with the
 * active one, and `loading…` below. Ink's first frame then takes its place, the skeleton cleared
 * in the same write (../terminal/skeleton.ts); until then keys wait in the terminal's queue.
 *
 * None where the UI would not draw this at start: TERM=dumb or unset (no alternate screen, no
 * escape sequences), `--needs-you` (it opens on another screen), a log file that cannot be opened
 * (said first, on the normal screen). Colours as the theme gives them
 * (--theme, COLORFGBG, NO_COLOR: ../ui/palette.ts), through chalk as Ink's are.
 */
import {closeSync, openSync} from 'node:fs';
import chalk, {Chalk} from 'chalk';
import type {Config} from '../config/resolveConfig.js';
import {serverLabel} from '../config/url.js';
import {capableTerminal} from '../terminal/screen.js';
import {holdForSkeleton, type SkeletonHold} from '../terminal/skeleton.js';
import {DARK, DARK_SERVERS, LIGHT, LIGHT_SERVERS, noColorRequested, themeName} from '../ui/palette.js';
import {TABS} from '../ui/tabs.js';

export type {SkeletonHold} from '../terminal/skeleton.js';

/**
 * A log file that cannot be opened is said on stderr before any screen (./runApp.ts), where the
 * user sees it after quitting: then no skeleton. Opened for appending as the log does (and made,
 * 0600, as it would be).
 */
function canLog(path: string | null): boolean {
	if (path === null) return true;
	try {
		closeSync(openSync(path, 'a', 0o600));
		return true;
	} catch {
		return false;
	}
}

/** the tab the UI opens on (ui/navigation.ts) */
const START_TAB = 'conversations';
const LOADING = 'loading…';

type Paint = (text: string, style: {color?: string | undefined; bold?: boolean; inverse?: boolean}) => string;

/** the text of a name from the config: no control or bidi characters (the UI's own clean() is in the TUI's script) */
const plain = (text: string) => text.replace(/[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');

/** The skeleton's lines for a terminal `columns` wide, as the Header draws them at start. */
export function skeletonLines(config: Pick<Config, 'servers' | 'demo' | 'theme'>, columns: number, env: NodeJS.ProcessEnv, level = chalk.level): string[] {
	const name = themeName(config.theme, env);
	const color = level > 0 && !noColorRequested(env);
	const palette = name === 'light' ? LIGHT : DARK;
	const servers = name === 'light' ? LIGHT_SERVERS : DARK_SERVERS;
	const ink = new Chalk({level: level as 0 | 1 | 2 | 3});
	const paint: Paint = (text, {color: hue, bold = false, inverse = false}) => {
		let style = ink;
		if (hue && color) style = hue.startsWith('#') ? style.hex(hue) : style[hue as 'cyan'];
		if (bold) style = style.bold;
		if (inverse) style = style.inverse;
		return style === ink ? text : style(text);
	};
	// as the App says it: read-only when every server is
	const flags = (config.demo ? ' demo' : '') + (config.servers.every(server => server.readOnly) ? ' read-only' : '');
	const prefix = paint('ohtui ', {color: palette.accent, bold: true});
	let header: string;
	if (config.servers.length > 1) {
		const words = config.servers.map((server, i) => `${i > 0 ? paint(' · ', {color: palette.muted}) : ''}${paint(plain(server.name), {color: servers[i % servers.length], bold: true})}${paint(` ${LOADING}`, {color: palette.muted})}`);
		header = `${prefix}${words.join('')}${flags ? paint(flags, {color: palette.warn}) : ''}`;
	} else {
		const [server] = config.servers;
		const named = server?.profile ? paint(`${plain(server.name)} `, {color: servers[0], bold: true}) : '';
		const label = server?.url ? plain(serverLabel(server.url)) : '';
		const demo = label ? flags : flags.trimStart();
		const used = 'ohtui '.length + (server?.profile ? plain(server.name).length + 1 : 0) + label.length + demo.length + LOADING.length;
		header = `${prefix}${named}${label}${demo ? paint(demo, {color: palette.warn}) : ''}${' '.repeat(Math.max(1, columns - used))}${paint(LOADING, {color: palette.muted})}`;
	}

	const full = TABS.map(tab => `${tab.key} ${tab.label}`).join('  ');
	const compact = full.length > columns;
	const tabs = TABS.map((tab, i) => {
		const active = tab.resource === START_TAB;
		const text = compact && !active ? tab.key : `${tab.key} ${tab.label}`;
		const shown = active ? (color ? ` ${text} ` : `[${text}]`) : text;
		return `${i > 0 ? '  ' : ''}${paint(shown, active ? {color: palette.accent, bold: true, inverse: true} : {color: palette.muted})}`;
	}).join('');
	return [header, tabs, '', paint(`  ${LOADING}`, {color: palette.muted})];
}

/**
 * Draws the skeleton and holds the terminal for the UI (../terminal/skeleton.ts), or returns null
 * where the UI would not start with this screen (see above).
 */
export function paintSkeleton(config: Pick<Config, 'servers' | 'demo' | 'theme' | 'logFile'>, {openAttention = false, env = process.env, stdout = process.stdout, stdin = process.stdin} = {}): SkeletonHold | null {
	if (openAttention || !capableTerminal(env) || !stdout.isTTY || !canLog(config.logFile)) return null;
	const lines = skeletonLines(config, stdout.columns || 80, env);
	return holdForSkeleton(lines.join('\r\n'), {stdout, stdin});
}
