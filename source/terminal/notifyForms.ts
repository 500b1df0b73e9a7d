/**
 * Desktop notifications by escape sequence: which form a terminal reads, and the bytes of each.
 *
 * | terminal         | told by                                          | form                     | source |
 * |------------------|--------------------------------------------------|--------------------------|--------|
 * | iTerm2           | TERM_PROGRAM=iTerm.app, LC_TERMINAL=iTerm2       | OSC 9 ; text             | iterm2.com/documentation-escape-codes.html ("Post a notification") |
 * | kitty            | TERM=xterm-kitty, KITTY_WINDOW_ID                | OSC 99 ; ; text ST       | sw.kovidgoyal.net/kitty/desktop-notifications/ (kitty's own protocol) |
 * | WezTerm          | TERM_PROGRAM=WezTerm, WEZTERM_PANE               | OSC 777 ; notify ; t ; b | wezterm.org/config/lua/config/notification_handling.html (777 and 9) |
 * | Ghostty          | TERM_PROGRAM=ghostty, TERM=xterm-ghostty         | OSC 777 ; notify ; t ; b | terminfo.dev/extensions/osc-777-notify (Ghostty 1.3: yes); ghostty.org/docs/vt/osc/9 |
 * | foot             | TERM=foot, foot-extra                            | OSC 777 ; notify ; t ; b | foot commit 975e70d ("notify": title split at the first ';') |
 * | Windows Terminal | WT_SESSION                                       | OSC 777 ; notify ; t ; b | microsoft/terminal PR #20012 (merged 2026); older versions drop unknown OSCs. Never OSC 9 there: it is ConEmu's family (9;4 progress, 9;9 cwd) |
 *
 * Any other terminal gets none: an unknown OSC is harmless in most, but not in all (some print it),
 * and a BEL is the one signal every terminal understands. Inside tmux the outer terminal's names
 * come from tmux itself (client_termname, client_termtype), as tmux sets TERM_PROGRAM to `tmux`.
 */
export type DesktopForm = 'osc9' | 'osc99' | 'osc777';

const BEL = '\u0007';
const ST = '\u001B\\';

export function desktopForm(env: NodeJS.ProcessEnv, outerNames = ''): DesktopForm | null {
	const inTmux = Boolean(env['TMUX']);
	// Inside tmux the environment may be left over from whichever terminal started the tmux server:
	// what tmux says about the attached client comes first.
	const names = [outerNames, inTmux ? '' : env['TERM_PROGRAM'], env['LC_TERMINAL'], inTmux ? '' : env['TERM']]
		.filter(Boolean)
		.join(' ')
		.toLowerCase();
	if (names.includes('iterm')) return 'osc9';
	if (names.includes('kitty') || (!outerNames && env['KITTY_WINDOW_ID'])) return 'osc99';
	if (names.includes('wezterm') || (!outerNames && env['WEZTERM_PANE'])) return 'osc777';
	if (names.includes('ghostty')) return 'osc777';
	if (/\bfoot\b/.test(names)) return 'osc777';
	if (!outerNames && env['WT_SESSION']) return 'osc777';
	return null;
}

/**
 * A server string made safe for a notification: no control characters (C0, DEL, C1: an ESC or BEL
 * in a title would end the sequence early and start another one), no bidi or zero-width marks, no
 * `;` (OSC 777 separates its fields with it), one line, at most `max` characters.
 */
export function notificationText(text: string, max: number): string {
	const line = text
		.replace(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]+/g, ' ')
		.replaceAll(';', ',')
		.replace(/\s+/g, ' ')
		.trim();
	const chars = [...line];
	return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** The bytes of one notification (title and body already cleaned). */
export function desktopSequence(form: DesktopForm, title: string, body: string): string {
	switch (form) {
		case 'osc9':
			return `\u001B]9;${title}: ${body}${BEL}`;
		case 'osc99':
			// no metadata: the payload is plain UTF-8 text, shown as the title (kitty: "two semi-colons must always be present")
			return `\u001B]99;;${title}: ${body}${ST}`;
		case 'osc777':
			return `\u001B]777;notify;${title};${body}${ST}`;
	}
}

/** tmux passes a sequence to the outer terminal only inside a DCS `tmux;` with every ESC doubled. */
export function tmuxPassthrough(sequence: string): string {
	return `\u001BPtmux;${sequence.replaceAll('\u001B', '\u001B\u001B')}${ST}`;
}
