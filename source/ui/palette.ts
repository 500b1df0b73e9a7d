/**
 * The theme's colours and choices without React (./theme.ts makes the Theme the UI reads from
 * them): the start-up's skeleton (../boot/skeleton.ts) draws with the same colours before React
 * and Ink are loaded.
 */
import type {Tone} from '../present/tone.js';

export type {Tone} from '../present/tone.js';
export type ThemeName = 'dark' | 'light';
export type ThemeChoice = ThemeName | 'auto';

export type Theme = {
	name: ThemeName;
	/** false under NO_COLOR or at colour level 0 */
	color: boolean;
	/** bold, inverse and dim reach the screen (false at level 0 only) */
	attributes: boolean;
	accent: string | undefined;
	muted: string | undefined;
	error: string | undefined;
	warn: string | undefined;
	ok: string | undefined;
	/** colour for a status value as sent by the server; unknown values get none */
	status(value: string | null | undefined): string | undefined;
	tone(tone: Tone): string | undefined;
	/** marker in front of the selected row; visible without colour */
	selectMarker: string;
	/** a server's own colour (issue 16 §2), by its place among the configured servers, so it stays */
	server(index: number): string | undefined;
};

export const STATUS_TONE: Record<string, Tone> = {
	RUNNING: 'ok',
	READY: 'ok',
	running: 'ok',
	finished: 'ok',
	idle: 'info',
	PAUSED: 'muted',
	paused: 'muted',
	MISSING: 'muted',
	STARTING: 'warn',
	WORKING: 'warn',
	WAITING_FOR_SANDBOX: 'warn',
	PREPARING_REPOSITORY: 'warn',
	RUNNING_SETUP_SCRIPT: 'warn',
	SETTING_UP_GIT_HOOKS: 'warn',
	SETTING_UP_SKILLS: 'warn',
	STARTING_CONVERSATION: 'warn',
	waiting_for_confirmation: 'warn',
	ERROR: 'error',
	error: 'error',
	// not the error's red: a stuck agent is another thing to do (issue 19 §2)
	stuck: 'stuck',
};

type Palette = Record<Tone, string> & {accent: string};

/** Named colours: the terminal's own palette, made for its (dark) background. */
export const DARK: Palette = {ok: 'green', warn: 'yellow', error: 'red', muted: 'gray', info: 'cyan', stuck: 'magenta', accent: 'cyan'};

/**
 * On white, every one at 4.5:1 or better (WCAG AA for text), both as sent in truecolor and as
 * chalk rounds it to the 256-colour cube (which moves some colours a long way: #005f00 becomes
 * #008700). test/ui/theme.test.tsx computes both.
 */
export const LIGHT: Palette = {ok: '#0a6e0a', warn: '#a64b00', error: '#b5121b', muted: '#5c5c5c', info: '#0047b3', stuck: '#8b008b', accent: '#0047b3'};

/** Servers' colours: none of them the warning or error colour, so a server's name never reads as one. */
export const DARK_SERVERS: readonly string[] = ['cyan', 'magenta', 'blueBright', 'greenBright', 'yellowBright', 'white'];
/** On white, each at 4.5:1 or better in truecolor and in 256 colours, as LIGHT (test/ui/theme.test.tsx). */
export const LIGHT_SERVERS: readonly string[] = ['#0047b3', '#af005f', '#0a5a0a', '#7a4a00', '#5f00af', '#4a4a00'];

export function noColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
	const value = env['NO_COLOR'];
	return value !== undefined && value !== '';
}

/**
 * `auto`: COLORFGBG ("15;0": foreground 15 on background 0, set by rxvt, Konsole, iTerm2 and
 * others) tells a light background (7 or 9-15) from a dark one; without it, dark.
 */
export function themeName(choice: ThemeChoice, env: NodeJS.ProcessEnv = process.env): ThemeName {
	if (choice !== 'auto') return choice;
	const background = Number(env['COLORFGBG']?.split(';').at(-1));
	return Number.isInteger(background) && (background === 7 || (background >= 9 && background <= 15)) ? 'light' : 'dark';
}

export type ThemeOptions = {
	/** `--theme`; default auto */
	choice?: ThemeChoice;
	/** chalk's level (0 none, 1 16 colours, 2 256, 3 truecolor); default the one Ink draws with */
	level?: number;
};

