/**
 * OSC 52 clipboard writes: `ESC ] 52 ; c ; <base64> BEL`. Inside tmux the sequence must be wrapped
 * as a DCS passthrough (`ESC P tmux; … ESC \`, every ESC inside doubled) or tmux swallows it; tmux
 * also needs `set -g allow-passthrough on` (3.3+) or `set-clipboard on`.
 */
export function osc52(text: string, env: NodeJS.ProcessEnv = process.env): string {
	const seq = `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
	if (env['TMUX']) return `\x1bPtmux;${seq.replaceAll('\x1b', '\x1b\x1b')}\x1b\\`;
	return seq;
}
