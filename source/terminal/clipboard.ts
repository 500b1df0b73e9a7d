/**
 * Copying through the terminal: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), the only way that works
 * over SSH. Which form reaches a clipboard depends on what sits between ohtui and the terminal
 * (issue 9 item 15):
 *
 * - tmux with `set-clipboard on` takes a plain OSC 52 from an application, keeps it as a paste
 *   buffer and forwards it to the outer terminal. With its default `external` it ignores it.
 * - tmux with `allow-passthrough on` (3.3+, off by default) forwards a DCS passthrough
 *   (`ESC P tmux; … ESC \`, each ESC inside doubled) to the outer terminal as it is.
 * - GNU screen forwards a DCS string (`ESC P … ESC \`).
 *
 * Inside tmux both options are asked once, at the first copy (`tmux show -gv`), and "copied" is
 * said only when the sequence went a way that works; otherwise the notice says what to set.
 */
import {execFile} from 'node:child_process';

export type CopyResult = {ok: true} | {ok: false; reason: string};

export type Clipboard = {
	/** text goes as UTF-8; bytes (a patch) as they are */
	copy(text: string | Buffer): Promise<CopyResult>;
};

export type ClipboardOptions = {
	env: NodeJS.ProcessEnv;
	/** writes around Ink (the sequence moves no cursor) */
	write(data: string): void;
	/** a tmux option's value, or null when tmux cannot tell (tests stand in) */
	tmuxOption?(name: string): Promise<string | null>;
};

export function osc52(text: string | Buffer): string {
	return `\u001B]52;c;${(typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64')}\u0007`;
}

export function tmuxPassthrough(sequence: string): string {
	return `\u001BPtmux;${sequence.replaceAll('\u001B', '\u001B\u001B')}\u001B\\`;
}

export function screenPassthrough(sequence: string): string {
	return `\u001BP${sequence}\u001B\\`;
}

/**
 * The one advice for copying inside tmux, the app's (`y`) and `ohtui doctor`'s alike: set-clipboard
 * on, the README's tmux block (it also keeps the copy as tmux's own paste buffer).
 */
export const TMUX_COPY_ADVICE = 'run  tmux set -g set-clipboard on';

/** How a copy gets through tmux with these options: plain (set-clipboard on), passed through, or not at all. */
export function tmuxCopyRoute(clipboard: string | null, passthrough: string | null): 'plain' | 'passthrough' | null {
	if (clipboard === 'on') return 'plain';
	if (passthrough === 'on' || passthrough === 'all') return 'passthrough';
	return null;
}

type Route = {sequence: (text: string | Buffer) => string} | {reason: string};

export function createClipboard({env, write, tmuxOption = async name => askTmux(name, env)}: ClipboardOptions): Clipboard {
	let route: Promise<Route> | undefined;

	const findRoute = async (): Promise<Route> => {
		if (env['TERM'] === 'dumb') return {reason: 'cannot copy: a dumb terminal (TERM=dumb) takes no OSC 52'};
		if (env['TMUX']) {
			const [clipboard, passthrough] = await Promise.all([tmuxOption('set-clipboard'), tmuxOption('allow-passthrough')]);
			const through = tmuxCopyRoute(clipboard, passthrough);
			if (through === 'plain') return {sequence: osc52};
			if (through === 'passthrough') return {sequence: text => tmuxPassthrough(osc52(text))};
			return {reason: `cannot copy inside tmux: ${TMUX_COPY_ADVICE}  (then y again)`};
		}
		if (env['STY']) return {sequence: text => screenPassthrough(osc52(text))};
		return {sequence: osc52};
	};

	return {
		async copy(text) {
			route ??= findRoute();
			const found = await route;
			// tmux's answer may change (the user follows the advice): ask again after a refusal
			if ('reason' in found) {
				route = undefined;
				return {ok: false, reason: found.reason};
			}
			write(found.sequence(text));
			return {ok: true};
		},
	};
}

/** `tmux show -gv NAME` against the server ohtui runs in ($TMUX names its socket). */
async function askTmux(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
	return new Promise(resolve => {
		execFile('tmux', ['show', '-gv', name], {timeout: 2000, windowsHide: true, env}, (error, stdout) => {
			resolve(error ? null : String(stdout).trim());
		});
	});
}
