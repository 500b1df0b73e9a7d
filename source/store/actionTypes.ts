/**
 * The user's actions as the snapshot shows them (./types.ts): what is in flight or watched, what
 * a watch gave up on, and the footer's last word.
 */

export type ActionKind = 'pause' | 'resume' | 'start' | 'create' | 'message' | 'agent' | 'delete';

/** An action call in flight, or a watch after it until the target state is seen. */
export type PendingAction = {
	/** unique key, e.g. `pause:<sandbox id>` */
	key: string;
	kind: ActionKind;
	/** sandbox id (pause/resume/start once known) or start-task id (create) */
	targetId: string | null;
	/**
	 * `calling` while the HTTP call is in flight; `checking` when the call timed out and a watch finds
	 * out whether it happened (the outcome is unknown: never reported failed while it may have
	 * happened); `watching` while polling for the target state
	 */
	phase: 'calling' | 'checking' | 'watching';
	/** e.g. 'PAUSED' for a pause */
	targetState: string;
	startedAt: number;
};

/**
 * A watch that ended without seeing its target state (the server's deadline for it passed): the
 * row says "no longer watched, last seen …" instead of going on showing a state that may be old.
 */
export type LostWatch = {
	kind: ActionKind;
	targetState: string;
	/** the last status the watch saw; null when it never got an answer */
	lastStatus: string | null;
	/** epoch ms of that answer; null when none */
	lastSeenAt: number | null;
	/** epoch ms when the store stopped watching */
	at: number;
};

export type Notice = {
	level: 'info' | 'error';
	/** one line */
	text: string;
	at: number;
	/** what a key said on the screen in view (a hint, a copy): that screen's, not its whole tab's */
	screen?: boolean;
};
