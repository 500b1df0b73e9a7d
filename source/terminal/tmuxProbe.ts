/**
 * What tmux allows, asked once: whether a DCS passthrough reaches the outer terminal
 * (`allow-passthrough`, tmux 3.3+, off by default; older tmux always passed it through) and what the
 * attached terminal calls itself (tmux sets TERM_PROGRAM to `tmux`, hiding the outer one).
 */
import {execFile} from 'node:child_process';

export type TmuxInfo = {
	passthrough: boolean;
	/** the attached client's TERM and XTVERSION answer, e.g. `xterm-kitty kitty(0.35.2)` */
	outer: string;
};

export type RunTmux = (args: readonly string[]) => Promise<{stdout: string; stderr: string; failed: boolean}>;

const runTmux: RunTmux = args =>
	new Promise(resolve => {
		execFile('tmux', args, {timeout: 2000, windowsHide: true}, (error, stdout, stderr) => {
			resolve({stdout: String(stdout), stderr: String(stderr), failed: error !== null});
		});
	});

export async function probeTmux(env: NodeJS.ProcessEnv, run: RunTmux = runTmux): Promise<TmuxInfo> {
	const pane = env['TMUX_PANE'];
	const target = pane ? ['-t', pane] : [];
	// One tmux call: the client first (always answers), then the option, which tmux before 3.3 does not know.
	const result = await run([
		'display-message',
		...target,
		'-p',
		'#{client_termname} #{client_termtype}',
		';',
		'show-options',
		'-Apv',
		...target,
		'allow-passthrough',
	]).catch(() => ({stdout: '', stderr: '', failed: true}));
	const [outer = '', value = ''] = result.stdout.split('\n').map(line => line.trim());
	const known = /\b(?:on|all|1)\b/.test(value);
	// tmux < 3.3 has no such option, and passes DCS tmux; sequences through unasked
	const old = /invalid option|unknown option/.test(result.stderr);
	return {passthrough: known || old, outer};
}

/** The pane's title now (tmux keeps no title stack): ohtui writes it back when it quits. Null outside tmux or on failure. */
export async function tmuxPaneTitle(env: NodeJS.ProcessEnv, run: RunTmux = runTmux): Promise<string | null> {
	if (!env['TMUX']) return null;
	const pane = env['TMUX_PANE'];
	const result = await run(['display-message', ...(pane ? ['-t', pane] : []), '-p', '#{pane_title}']).catch(() => ({stdout: '', stderr: '', failed: true}));
	return result.failed ? null : result.stdout.replace(/\n$/, '');
}
