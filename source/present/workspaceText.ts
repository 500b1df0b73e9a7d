/**
 * The words of the app's workspace keys (issue 28 item 4): a command pane's state in one line (the
 * activity's header shows it once the pane is left with Esc, the pane's own status line while it
 * is open), what a save or a copy did, a file's size note. Every server or typed string cleaned
 * and masked here.
 */
import type {CommandEnd} from '../store/workspace/commandRun.js';
import type {FileView, PaneState, PatchCopy, SaveResult} from '../store/types.js';
import {clean, truncate} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {byteSize} from './transfer.js';

/** A name fit for a local file: what is not a word character, a dot or a dash becomes `_`; no leading dot. */
export const safeName = (text: string): string => text.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_') || 'file';

/** `3f2a91c0.patch`, or for one file `3f2a91c0-handler.ts.patch` (`w`'s default in the changes view). */
export function patchFileName(conversationId: string, file: string | null = null): string {
	const id = safeName(conversationId.slice(0, 8));
	return file ? `${id}-${safeName(file.split('/').filter(Boolean).at(-1) ?? file)}.patch` : `${id}.patch`;
}

/** How a command ended, after its `→`. */
export function endText(end: CommandEnd): string {
	switch (end.kind) {
		case 'exited':
			return `exit ${end.code}`;
		case 'timed-out':
			return `stopped by the agent server after ${end.seconds} s`;
		case 'not-started':
			return `not started: ${maskSecrets(clean(end.message))}`;
		case 'killed':
			return `killed by signal ${end.signal}`;
		case 'stopped':
			return 'no longer followed (it may go on on the server)';
		case 'lost':
			return `no end heard within ${end.seconds} s`;
	}
}

/** `running`, `exit 2`, …; null before any command. */
export function paneState(pane: PaneState): string | null {
	if (pane.command === null) return null;
	if (pane.running) return 'running…';
	if (pane.error !== null) return `failed: ${maskSecrets(clean(pane.error))}`;
	return pane.end ? endText(pane.end) : null;
}

/** `$ make test → exit 2`, `$ make test running…`; null before any command. A long command is cut at `width` columns, its end kept. */
export function paneSummary(pane: PaneState | null | undefined, width = Infinity): string | null {
	const state = pane ? paneState(pane) : null;
	if (!pane || state === null) return null;
	const command = `$ ${truncate(maskSecrets(clean(pane.command)), width)}`;
	return pane.running ? `${command} ${state}` : `${command} → ${state}`;
}

/** The footer's line after `w`. */
export function savedText(result: SaveResult, what: string): string {
	switch (result.kind) {
		case 'saved':
			return `wrote ${what} (${byteSize(result.bytes)}) to ${clean(result.path)}${result.note ? ` · ${maskSecrets(clean(result.note))}` : ''}`;
		case 'exists':
			return `${clean(result.path)} exists`;
		case 'failed':
			return `${what} not written: ${maskSecrets(clean(result.message))}`;
	}
}

/** The footer's line after `y`, when nothing was copied (a copy that went says so itself). */
export function copyRefusal(result: Exclude<PatchCopy, {kind: 'ready'}>): string {
	switch (result.kind) {
		case 'too-large':
			return `the patch is over ${byteSize(result.max)}, more than a terminal's clipboard takes: w writes it to a file`;
		case 'empty':
			return 'no changes: nothing to copy';
		case 'failed':
			return `the patch could not be read: ${maskSecrets(clean(result.message))}`;
	}
}

/** What the pager says above a file that is not shown whole, or null. */
export function fileNote(file: FileView): string | null {
	const size = file.size === null ? '' : ` (${byteSize(file.size)})`;
	if (file.binary) return `a binary file${size}: not shown · w saves it`;
	if (file.truncated) return `its first ${byteSize(file.text === null ? 0 : Buffer.byteLength(file.text))}${file.size === null ? '' : ` of ${byteSize(file.size)}`} shown · w saves it whole`;
	return null;
}

/**
 * Why a conversation's workspace cannot be reached now, or null when it can: an app server's
 * conversation has an agent server only while its sandbox runs (`conversation_url` is null then).
 */
export function workspaceOutOfReach(c: {sandbox_id: string; sandbox_status?: string | null}): string | null {
	if (!c.sandbox_id || c.sandbox_status === 'RUNNING') return null;
	const status = clean(c.sandbox_status ?? 'unknown') || 'unknown';
	return `the sandbox is ${status}: its workspace can be reached only while it runs${status === 'PAUSED' ? ' (r resumes it)' : ''}`;
}
