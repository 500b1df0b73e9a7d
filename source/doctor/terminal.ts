/**
 * The terminal half of `ohtui doctor`: TERM and the colour level the UI would use, and tmux's
 * clipboard settings. Only reads the environment and asks tmux; writes nothing to the terminal.
 */
import {execFile} from 'node:child_process';
import {TMUX_COPY_ADVICE, tmuxCopyRoute} from '../terminal/clipboard.js';

export type Check = {status: 'ok' | 'warn' | 'fail' | 'info'; label: string; text: string};

/**
 * The colour level the app draws with, by the rules of chalk's bundled supports-color (FORCE_COLOR
 * wins, TERM=dumb has none, COLORTERM=truecolor 16 million, TERM with 256 colours 256, anything else
 * 16), and NO_COLOR: chalk ignores it, but the theme (ui/theme.ts) then draws no colour at all.
 */
export function colourLevel(env: NodeJS.ProcessEnv): {level: 0 | 1 | 2 | 3; why: string} {
	// as the app decides (ui/theme.ts): NO_COLOR wins over FORCE_COLOR, the theme then draws no colour
	if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return {level: 0, why: 'NO_COLOR is set'};
	const force = env['FORCE_COLOR'];
	if (force !== undefined && force !== '') {
		const level = force === 'false' || force === '0' ? 0 : force === '2' ? 2 : force === '3' ? 3 : 1;
		return {level: level as 0 | 1 | 2 | 3, why: `FORCE_COLOR=${force.slice(0, 8)}`};
	}
	const term = env['TERM'] ?? '';
	if (term === 'dumb') return {level: 0, why: 'TERM=dumb'};
	const colorterm = env['COLORTERM'] ?? '';
	if (colorterm === 'truecolor' || colorterm === '24bit') return {level: 3, why: `COLORTERM=${colorterm}`};
	if (/-256(color)?$/i.test(term)) return {level: 2, why: `TERM=${term}`};
	return {level: term ? 1 : 0, why: term ? `TERM=${term}` : 'TERM is not set'};
}

const LEVELS = ['no colour', '16 colours', '256 colours', '16 million colours'] as const;

export function terminalCheck(env: NodeJS.ProcessEnv): Check {
	const {level, why} = colourLevel(env);
	const term = env['TERM'] ? `TERM=${env['TERM'].slice(0, 40)}` : 'TERM not set';
	const text = `${term}; ${LEVELS[level]} (${why})`;
	if (!env['TERM'] || env['TERM'] === 'dumb') return {status: 'warn', label: 'terminal', text: `${text}: keys and drawing may be limited`};
	return {status: 'ok', label: 'terminal', text};
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | null> {
	return new Promise(resolve => {
		execFile(file, args, {env, timeout: 3000, windowsHide: true}, (error, stdout) => {
			resolve(error ? null : String(stdout).trim());
		});
	});
}

/** `tmux -V`, `show -gv set-clipboard`, `show -gv allow-passthrough` (3.3+), when $TMUX is set. */
export async function tmuxCheck(env: NodeJS.ProcessEnv): Promise<Check | null> {
	if (!env['TMUX']) return null;
	const [version, clipboard, passthrough] = await Promise.all([
		run('tmux', ['-V'], env),
		run('tmux', ['show', '-gv', 'set-clipboard'], env),
		run('tmux', ['show', '-gv', 'allow-passthrough'], env),
	]);
	if (version === null) return {status: 'warn', label: 'tmux', text: '$TMUX is set but tmux did not answer'};
	const parts = [version.slice(0, 40), `set-clipboard ${clipboard ?? '?'}`, `allow-passthrough ${passthrough ?? 'unsupported (tmux < 3.3)'}`];
	// the app's own test and advice (terminal/clipboard.ts): one answer wherever it is asked
	if (tmuxCopyRoute(clipboard, passthrough) === null) {
		return {status: 'warn', label: 'tmux', text: `${parts.join(', ')}: copy (y) will not reach your terminal: ${TMUX_COPY_ADVICE}`};
	}
	return {status: 'ok', label: 'tmux', text: parts.join(', ')};
}
