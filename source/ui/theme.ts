/**
 * Every colour the UI uses, in one place. With NO_COLOR set (https://no-color.org: any non-empty
 * value) no colour is emitted at all; emphasis then comes from inverse video, bold and the `›`
 * selection marker, which carry no colour codes.
 */
import {createContext, useContext} from 'react';

export type Tone = 'ok' | 'warn' | 'error' | 'muted' | 'info';

export type Theme = {
	/** false under NO_COLOR */
	color: boolean;
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
};

const STATUS_TONE: Record<string, Tone> = {
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
	stuck: 'error',
};

const PALETTE: Record<Tone, string> = {
	ok: 'green',
	warn: 'yellow',
	error: 'red',
	muted: 'gray',
	info: 'cyan',
};

export function noColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
	const value = env['NO_COLOR'];
	return value !== undefined && value !== '';
}

export function createTheme(env: NodeJS.ProcessEnv = process.env): Theme {
	const color = !noColorRequested(env);
	const tone = (t: Tone) => (color ? PALETTE[t] : undefined);
	return {
		color,
		accent: color ? 'cyan' : undefined,
		muted: tone('muted'),
		error: tone('error'),
		warn: tone('warn'),
		ok: tone('ok'),
		status(value) {
			if (!color || !value) return undefined;
			const t = STATUS_TONE[value];
			return t ? PALETTE[t] : undefined;
		},
		tone,
		selectMarker: '›',
	};
}

export const ThemeContext = createContext<Theme>(createTheme());

export function useTheme(): Theme {
	return useContext(ThemeContext);
}
