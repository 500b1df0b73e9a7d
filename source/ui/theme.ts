/**
 * Every colour the UI uses, in one place, for the colour level actually in use (chalk's, which Ink
 * draws with) and the background (dark, or light with `--theme light`).
 *
 * - NO_COLOR (https://no-color.org: any non-empty value): no colour at all. Bold, inverse and dim
 *   are attributes, not colours, so they stay: the selected row, the active tab, the text cursor
 *   and form placeholders remain visible.
 * - Level 0 (TERM=dumb or unset, or a terminal chalk finds no colour in): no attributes either;
 *   every mark that matters has a text form (`›` for the selection, brackets around the active
 *   tab, `_` for the cursor, parentheses around a placeholder).
 * - Light: colours measured at 4.5:1 contrast or better on white (test/ui/theme.test.tsx computes
 *   them); they hold where 256 colours or more are in use, at 16 colours the terminal's palette
 *   decides what `green` looks like.
 */
import {createContext, useContext} from 'react';
import chalk from 'chalk';
import type {Tone} from '../present/tone.js';
import {DARK, DARK_SERVERS, LIGHT, LIGHT_SERVERS, noColorRequested, STATUS_TONE, themeName, type Theme, type ThemeOptions} from './palette.js';

export {DARK, DARK_SERVERS, LIGHT, LIGHT_SERVERS, noColorRequested, themeName} from './palette.js';
export type {Theme, ThemeChoice, ThemeName, ThemeOptions, Tone} from './palette.js';

export function createTheme(env: NodeJS.ProcessEnv = process.env, {choice = 'auto', level = chalk.level}: ThemeOptions = {}): Theme {
	const name = themeName(choice, env);
	const attributes = level > 0;
	const color = attributes && !noColorRequested(env);
	const palette = name === 'light' ? LIGHT : DARK;
	const tone = (t: Tone) => (color ? palette[t] : undefined);
	return {
		name,
		color,
		attributes,
		accent: color ? palette.accent : undefined,
		muted: tone('muted'),
		error: tone('error'),
		warn: tone('warn'),
		ok: tone('ok'),
		status(value) {
			if (!color || !value) return undefined;
			const t = STATUS_TONE[value];
			return t ? palette[t] : undefined;
		},
		tone,
		selectMarker: '›',
		server(index) {
			const colours = name === 'light' ? LIGHT_SERVERS : DARK_SERVERS;
			return color ? colours[((index % colours.length) + colours.length) % colours.length] : undefined;
		},
	};
}

export const ThemeContext = createContext<Theme>(createTheme());

export function useTheme(): Theme {
	return useContext(ThemeContext);
}
