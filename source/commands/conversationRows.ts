/**
 * A conversation as the commands print it: its attention state (store/needsYou.ts, the TUI's one
 * meaning), a stable JSON object (README "Commands": fields, ISO times, `server` with several
 * servers), and table columns. Every string is cleaned and masked here (text/), ids included.
 */
import type {AppConversation} from '../api/schemas/index.js';
import {ATTENTION_WORDS, attentionState, isNeedsYou, type AttentionState, type NeedsYouReason} from '../store/attention/needsYou.js';
import type {SeenStore} from '../store/attention/seenStore.js';
import {clean} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {relativeTime} from '../present/format.js';
import {isoTime, type Column} from './output.js';

export type Judged = {
	server: string;
	conversation: AppConversation;
	state: AttentionState;
	needsYou: NeedsYouReason | null;
};

export function judge(server: string, conversation: AppConversation, seen: Pick<SeenStore, 'isSeen'> | null): Judged {
	const state = attentionState(conversation, seen ? seen.isSeen(conversation.id, conversation.updated_at, conversation.execution_status) : true);
	return {server, conversation, state, needsYou: isNeedsYou(state) ? state : null};
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

/** `! confirm?`: the state in a word or two, marked when it needs you (the mark lines up in a column). */
export function stateLabel(judged: Pick<Judged, 'state' | 'needsYou'>): string {
	const word = judged.state === 'waiting' ? 'confirm?' : ATTENTION_WORDS[judged.state];
	return judged.needsYou ? `! ${word}` : `  ${word}`;
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
		// a pipe gets the state's name, as in --json and --status
		{title: 'STATE', text: r => (terminal ? stateLabel(r) : r.state)},
		{title: 'TITLE', text: r => titleOf(r.conversation), shrink: 1, min: 16},
		{title: 'REPOSITORY', text: r => maskSecrets(r.conversation.selected_repository) || '—', drop: 2, shrink: 2, min: 12},
		{title: 'UPDATED', text: r => (terminal ? relativeTime(r.conversation.updated_at, now) : (isoTime(r.conversation.updated_at) ?? '')), drop: 1},
	];
	return withServer ? [{title: 'SERVER', text: r => clean(r.server), drop: 3}, ...columns] : columns;
}
