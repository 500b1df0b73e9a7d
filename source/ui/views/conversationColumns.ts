/**
 * The Conversations list's columns (issue 19 §2): STATE (a glyph and a word per attention state,
 * readable without colour), TITLE (it gets the spare width), DOING (what the agent does now and
 * for how long), then repository, sandbox, updated, cost, tokens and id, dropped in that order of
 * need as the terminal narrows (the id and the extras first). Each sortable column has its key.
 */
import type {AppConversation} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import {attentionRank} from '../../store/attention/needsYou.js';
import type {Glimpse} from '../../store/types.js';
import {clean} from '../../text/sanitize.js';
import {maskField, maskTitle} from '../../text/secrets.js';
import {doingText} from '../../present/doingNow.js';
import {rowState, type RowContext} from '../../present/rowState.js';
import {lookText, rowLook} from '../../present/states.js';
import {cost, relativeTime, repoAtBranch} from '../../present/format.js';
import type {Column} from '../widgets/columns.js';
import {bootLabel} from '../../present/booting.js';

type Row = Tagged<AppConversation>;

export type ConversationContext = RowContext & {
	/** newest events by the conversation's refKey */
	glimpses: Readonly<Record<string, Glimpse>>;
	/** the UI's clock (states that depend on time: a sandbox booting) */
	clock(): number;
};

const costOf = (c: AppConversation) => c.metrics?.accumulated_cost ?? 0;

/** Prompt plus completion tokens; 0 when the server reports none. */
export function tokensOf(c: AppConversation): number {
	const usage = c.metrics?.accumulated_token_usage;
	return usage ? usage.prompt_tokens + usage.completion_tokens : 0;
}

/** `950`, `12.3k`, `4.5M`: a column of 7. */
export function compactCount(n: number): string {
	if (n < 1000) return String(n);
	if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
	return `${(n / 1_000_000).toFixed(1)}M`;
}

/**
 * The columns for these rows in this context: cost and tokens only when some row has them, the model
 * when some row names one, the sandbox only where some server in view has sandboxes (issue 16 §1),
 * a working directory where rows have one (agent servers); with several servers in view, the
 * server's first (./serverColumn.ts).
 */
export function conversationColumns(rows: readonly AppConversation[], context: ConversationContext, sandboxes = true, server: Column<Row> | null = null): readonly Column<Row>[] {
	const stateOf = (c: Row, now: number) => rowState(c, context, now);
	const look = (c: Row, now: number) => rowLook(c, stateOf(c, now));
	const columns: Column<Row>[] = [
		...(server ? [server] : []),
		{
			id: 'state',
			title: 'STATE',
			width: 10,
			drop: 0,
			sortLetter: 'A',
			text: (c, now) => lookText(look(c, now)),
			color: (c, t, now) => t.tone(look(c, now).tone),
			bold: (c, now) => look(c, now).bold,
			sortKey: c => {
				const state = stateOf(c, context.clock());
				return attentionRank(state === 'starting' ? 'running' : state);
			},
		},
		{id: 'title', title: 'TITLE', width: 16, grow: 4, max: 80, drop: 0, sortLetter: 'T', text: c => maskTitle(c.title) || '(untitled)'},
		{
			id: 'doing',
			title: 'DOING',
			width: 16,
			grow: 3,
			max: 56,
			drop: 3,
			sortLetter: 'N',
			noFilter: true,
			text: (c, now) => doingText(c, stateOf(c, now), context.glimpses[refKey(c)], now),
			color: (c, t, now) => (stateOf(c, now) === 'waiting' ? t.warn : t.muted),
		},
		rows.some(c => c.working_dir) ? WHERE : {id: 'repo', title: 'REPOSITORY', width: 18, spill: true, drop: 5, room: 12, sortLetter: 'E', text: c => repoAtBranch(c.selected_repository, c.selected_branch)},
		{
			id: 'sandbox',
			title: 'SANDBOX',
			width: 9,
			drop: 6,
			// the STATE says paused, missing or failed: the sandbox's own word only where there is room
			room: 30,
			sortLetter: 'B',
			// an agent server's row (beside an app server's) has no sandbox: a dash, not its RUNNING stand-in
			text: (c, now) => (c.sandbox_id ? (bootLabel(context.boots.get(refKey({server: c.server, id: c.sandbox_id})), c.sandbox_status, now) ?? clean(c.sandbox_status)) : '—'),
			color: (c, t) => (c.sandbox_id ? t.status(c.sandbox_status) : t.muted),
		},
		{id: 'updated', title: 'UPDATED', width: 8, drop: 2, sortLetter: 'U', noFilter: true, text: (c, now) => relativeTime(c.updated_at, now), sortKey: c => c.updated_at},
		{id: 'id', title: 'ID', width: 10, drop: 9, room: 30, middle: true, text: c => clean(c.id)},
	];
	const shown = sandboxes ? columns : columns.filter(c => c.id !== 'sandbox');
	const withCost = rows.some(c => costOf(c) > 0);
	const withTokens = rows.some(c => tokensOf(c) > 0);
	const withModel = rows.some(c => c.llm_model);
	const extra = [...(withModel ? [MODEL] : []), ...(withCost ? [COST] : []), ...(withTokens ? [TOKENS] : [])];
	if (extra.length === 0) return shown;
	// before the id, which is the last column
	return [...shown.slice(0, -1), ...extra, shown.at(-1)!];
}

/**
 * The model without its provider or date (`anthropic/claude-sonnet-4-5-20250929` →
 * `claude-sonnet-4-5`): the details show it whole. Dropped after the cost.
 */
export function shortModel(model: string | null | undefined): string {
	return clean(model?.split('/').pop()?.replace(/-\d{8}$/, '')) || '—';
}
const MODEL: Column<Row> = {id: 'model', title: 'MODEL', width: 12, drop: 7.5, room: 8, middle: true, text: c => shortModel(c.llm_model)};

/** An agent server's conversations have a working directory, not a repository (agent-server doc 4.2). */
const WHERE: Column<Row> = {
	id: 'repo',
	title: 'REPO / DIR',
	width: 18,
	spill: true,
	drop: 5,
	room: 12,
	middle: true,
	sortLetter: 'E',
	text: c => (c.selected_repository ? repoAtBranch(c.selected_repository, c.selected_branch) : maskField(c.working_dir) || '—'),
};

/**
 * Cost and tokens, when the server reports them: legacy servers send all zeros (shared/openhands-api.md
 * 5.5), so a column whose every value is empty stays hidden. Dropped early when narrow.
 */
const COST: Column<Row> = {
	id: 'cost',
	title: 'COST',
	width: 7,
	drop: 8,
	// with tokens, both show from about 120 columns; below, the title keeps its room
	room: 11,
	align: 'right',
	noFilter: true,
	sortLetter: 'C',
	text: c => (costOf(c) > 0 ? cost(costOf(c)) : '—'),
	sortKey: c => (costOf(c) > 0 ? costOf(c) : null),
};
const TOKENS: Column<Row> = {
	id: 'tokens',
	title: 'TOKENS',
	width: 6,
	drop: 7,
	room: 15,
	align: 'right',
	noFilter: true,
	sortLetter: 'K',
	text: c => (tokensOf(c) > 0 ? compactCount(tokensOf(c)) : '—'),
	sortKey: c => (tokensOf(c) > 0 ? tokensOf(c) : null),
};
