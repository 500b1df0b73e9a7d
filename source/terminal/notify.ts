/**
 * Notifications when something needs the user (issue 11): a BEL (inside tmux it sets the window's
 * bell flag, which is how tmux users watch panes) and/or a desktop notification in the form the
 * terminal reads (./notifyForms.ts), passed through tmux only where tmux allows it. Written around
 * Ink like the clipboard's OSC 52: the bytes move no cursor, and Ink's own `write` would redraw.
 * Title and body go through the screen's masking (../text/secrets.ts) before anything else.
 */
import {maskSecrets} from '../text/secrets.js';
import {desktopForm, desktopSequence, notificationText, tmuxPassthrough} from './notifyForms.js';
import {probeTmux, type TmuxInfo} from './tmuxProbe.js';

export type NotifyMode = 'bell' | 'desktop' | 'both' | 'off';

export type Notifier = {
	/** one notification: at most one write, title and body cleaned and cut short here */
	notify(title: string, body: string): void;
	/** nothing is written after this (a tmux answer may still be on its way at quit) */
	close(): void;
};

export type NotifierOptions = {
	mode: NotifyMode;
	env: NodeJS.ProcessEnv;
	write(bytes: string): void;
	/** asks tmux what it allows, once, on the first desktop notification; default runs `tmux` */
	probe?: (env: NodeJS.ProcessEnv) => Promise<TmuxInfo>;
};

const BEL = '\u0007';
const TITLE_MAX = 40;
const BODY_MAX = 120;

export function createNotifier({mode, env, write, probe = probeTmux}: NotifierOptions): Notifier {
	const bell = mode === 'bell' || mode === 'both';
	const desktop = mode === 'desktop' || mode === 'both';
	const inTmux = Boolean(env['TMUX']);
	let tmux: Promise<TmuxInfo> | null = null;
	let closed = false;
	// Notifications waiting for tmux's answer go out in order, each once.
	let queue: Promise<void> = Promise.resolve();

	const bytes = (title: string, body: string, info: TmuxInfo | null): string => {
		const form = desktopForm(env, info?.outer ?? '');
		let sequence = form ? desktopSequence(form, title, body) : '';
		if (sequence && info) sequence = info.passthrough ? tmuxPassthrough(sequence) : '';
		// Desktop asked for but nowhere to show it: the bell still calls the user.
		if (!sequence) return BEL;
		return (bell ? BEL : '') + sequence;
	};

	const send = (data: string) => {
		if (closed) return;
		try {
			write(data);
		} catch {
			// the terminal is gone; the lifecycle handles that
		}
	};

	return {
		notify(rawTitle, rawBody) {
			if (closed || mode === 'off') return;
			if (!desktop) {
				send(BEL);
				return;
			}
			// every byte that leaves through a notification is masked as the screen is (issue 21 item 2:
			// a start task's error detail went to the desktop with a token the screen showed as ••••)
			const title = notificationText(maskSecrets(rawTitle), TITLE_MAX);
			const body = notificationText(maskSecrets(rawBody), BODY_MAX);
			if (!inTmux) {
				send(bytes(title, body, null));
				return;
			}
			tmux ??= probe(env).catch(() => ({passthrough: false, outer: ''}));
			const asked = tmux;
			queue = queue.then(async () => send(bytes(title, body, await asked)));
		},
		close() {
			closed = true;
		},
	};
}
