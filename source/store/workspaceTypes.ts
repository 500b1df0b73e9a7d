/**
 * Snapshot parts and answers of the app's workspace keys (issue 28 item 4): a command pane per
 * conversation (`$`), the open file list (`F`) with the file read into its pager, and what `w` and
 * `y` answer (a local file written, a patch for the clipboard).
 */
import type {ErrorInfo} from './resourceTypes.js';
import type {PaneState} from './workspace/commandPane.js';

export type {PaneLine, PaneState} from './workspace/commandPane.js';

/** A file of the list read for the pager: its start, decoded; never more than FILE_VIEW_BYTES. */
export type FileView = {
	path: string;
	loading: boolean;
	error: ErrorInfo | null;
	/** the text as read (cleaned and masked by whoever draws it); null while loading or for a binary file */
	text: string | null;
	/** a NUL byte in its start: not drawn */
	binary: boolean;
	/** its size in bytes, when the server said (else what was read, when all of it was) */
	size: number | null;
	/** only its start was read (`text` holds that much) */
	truncated: boolean;
};

export type FilesState = {
	conversationId: string;
	/** the workspace folder the names are relative to; null until opened */
	folder: string | null;
	/** `git`: git's file list (tracked and untracked, ignored ones left out); `dir`: the folder's entries */
	kind: 'git' | 'dir' | null;
	/** null until the list came; names as the server sent them */
	files: readonly string[] | null;
	/** more files than were kept */
	truncated: boolean;
	loading: boolean;
	error: ErrorInfo | null;
	/** the file open in the pager */
	file: FileView | null;
};

/** What saving to a local file answered: `exists` asks the user before writing over it. */
export type SaveResult = {kind: 'saved'; path: string; bytes: number; note: string | null} | {kind: 'exists'; path: string} | {kind: 'failed'; message: string};

/** The patch for the clipboard, or why not: larger than a terminal takes (`bytes`: at least that many). */
export type PatchCopy = {kind: 'ready'; patch: Buffer; files: number; note: string | null} | {kind: 'too-large'; bytes: number; max: number} | {kind: 'empty'} | {kind: 'failed'; message: string};

/** Panes by conversation id (absent: none opened). */
export type Panes = Readonly<Record<string, PaneState>>;
