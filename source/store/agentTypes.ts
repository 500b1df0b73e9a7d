/**
 * Snapshot parts for agent-server features (issue 16 §1, issue 21 item 1): a conversation's agent
 * server as the activity knows it, and the workspace changes view.
 */
import type {ConfirmationPolicy} from '../api/schemas/index.js';
import type {ErrorInfo} from './resourceTypes.js';

/** The open conversation's agent server: its version and what it can do (null fields: not known). */
export type AgentInfo = {
	version: string | null;
	/** `accept: false` really rejects (SDK >= 1.6.0); false: a reject would only pause */
	rejects: boolean;
	/** `POST …/interrupt` exists (SDK >= 1.23.0) */
	interrupts: boolean;
	/** the conversation's confirmation policy as its agent server reports it (app-server conversations) */
	policy: ConfirmationPolicy | null;
	/** its working directory on the agent server */
	workingDir: string | null;
	/**
	 * server-local time minus UTC in ms, learned from the conversation's `updated_at` (aware) against its
	 * newest event's naive timestamp (agent-server doc 5.3), rounded to 15 minutes; 0 until known
	 */
	clockOffsetMs: number;
};

export type ChangedFile = {
	/** relative to the working directory */
	path: string;
	/** `ADDED`, `UPDATED`, `DELETED`, `MOVED` */
	status: string;
	/** lines added / removed; null until its diff was read */
	added: number | null;
	removed: number | null;
};

export type DiffState = {
	path: string;
	loading: boolean;
	error: ErrorInfo | null;
	/** the unified diff, one string (for the pager, or `$PAGER`); '' when both sides are equal */
	text: string | null;
	/** why it is coarser than a line diff (too large, binary) */
	note: string | null;
};

export type ChangesState = {
	conversationId: string;
	workingDir: string | null;
	/** null until the list came */
	files: readonly ChangedFile[] | null;
	loading: boolean;
	error: ErrorInfo | null;
	/** an empty list, said in words (no repository, no changes) */
	none: string | null;
	/** the file open in the pager */
	diff: DiffState | null;
};

/** Before the agent server was asked: rejects and interrupts assumed (the server refuses what it cannot). */
export function emptyAgentInfo(): AgentInfo {
	return {version: null, rejects: true, interrupts: true, policy: null, workingDir: null, clockOffsetMs: 0};
}
