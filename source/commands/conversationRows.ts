/**
 * A conversation as the commands print it: its attention state (store/needsYou.ts, the TUI's one
 * meaning) in the app's words and glyphs (present/states.ts), a stable JSON object (README "Commands": fields, ISO times, `server` with several
 * servers), and table columns. Every string is cleaned and masked here (text/), ids included.
 */
import type {AppConversation} from '../api/schemas/index.js';
import {attentionState, needsYouIn, type AttentionState, type NeedsYouReason} from '../store/attention/needsYou.js';
import type {SeenStore} from '../store/attention/seenStore.js';
import {clean} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {relativeTime} from '../present/format.js';
import {lookText, rowLook, type RowLook} from '../present/states.js';
import {isoTime, type Column} from './output.js';

export type Judged = {
	server: string;
	conversation: AppConversation;
	state: AttentionState;
	/** how the state reads: `? waiting`, `– missing` (the app's STATE cell) */
	look: RowLook;
	needsYou: NeedsYouReason | null;
};

/** An error or a stuck agent acknowledged in the TUI (`d` in `!`) keeps its state but needs you no more. */
export function judge(server: string, conversation: AppConversation, seen: Pick<SeenStore, 'isSeen' | 'isAcknowledged'> | null): Judged {
	// with the status the look saw: a finish after a look at the running agent is news (issue 27 item 8)
	const state = attentionState(conversation, seen ? seen.isSeen(conversation.id, conversation.updated_at, conversation.execution_status) : true);
	const acknowledged = seen ? seen.isAcknowledged(conversation.id, conversation.execution_status, conversation.updated_at) : false;
	return {server, conversation, state, look: rowLook(conversation, state), needsYou: needsYouIn(state, acknowledged)};
}

export function titleOf(conversation: Pick<AppConversation, 'title'>): string {
	return maskSecrets(conversation.title) || '(untitled)';
}

const text = (value: string | null | undefined) => (value === null || value === undefined ? null : maskSecrets(value));

/** The JSON object of one conversation (documented in the README; add fields, never rename them). */
export function conversationJson(judged: Judged, withServer: boolean): Record<string, unknown> {
	const c = judged.conversation;
	return {
		...(withServer ? {server: clean(judged.server)} : {}),
		id: clean(c.id),
		title: text(c.title),
		state: judged.state,
		needs_you: judged.needsYou,
		execution_status: text(c.execution_status),
		sandbox_status: text(c.sandbox_status),
		sandbox_id: c.sandbox_id ? maskSecrets(c.sandbox_id) : null,
		working_dir: text(c.working_dir),
		repository: text(c.selected_repository),
		branch: text(c.selected_branch),
		model: text(c.llm_model),
		cost: c.metrics && c.metrics.accumulated_cost > 0 ? c.metrics.accumulated_cost : null,
		created_at: isoTime(c.created_at),
		updated_at: isoTime(c.updated_at),
	};
}

/**
 * The shortest id prefix (at least 8 characters) that tells these rows apart: what a terminal
 * table shows, and what `show`, `send` and the rest accept.
 */
export function prefixLength(ids: readonly string[], min = 8): number {
	const sorted = [...new Set(ids)].sort();
	let length = min;
	for (let i = 1; i < sorted.length; i++) {
		const a = sorted[i - 1]!;
		const b = sorted[i]!;
		let same = 0;
		while (same < a.length && a[same] === b[same]) same++;
		length = Math.max(length, same + 1);
	}
	return length;
}

export function conversationColumns(rows: readonly Judged[], withServer: boolean, now: number, terminal: boolean): Column<Judged>[] {
	const idLength = prefixLength(rows.map(r => r.conversation.id));
	const columns: Column<Judged>[] = [
		{title: 'ID', text: r => (terminal ? clean(r.conversation.id).slice(0, idLength) : clean(r.conversation.id))},
		// the app's cell (`? waiting`); a pipe gets the state's name, as --json does
		{title: 'STATE', text: r => (terminal ? lookText(r.look) : r.state)},
		{title: 'TITLE', text: r => titleOf(r.conversation), shrink: 1, min: 16},
		{title: 'REPOSITORY', text: r => maskSecrets(r.conversation.selected_repository) || '—', drop: 2, shrink: 2, min: 12},
		{title: 'UPDATED', text: r => (terminal ? relativeTime(r.conversation.updated_at, now) : (isoTime(r.conversation.updated_at) ?? '')), drop: 1},
	];
	return withServer ? [{title: 'SERVER', text: r => clean(r.server), drop: 3}, ...columns] : columns;
}
