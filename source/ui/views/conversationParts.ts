/** Columns, detail entries and start-task lines of the Conversations view. */
import type {AppConversation, StartTask} from '../../api/schemas/index.js';
import {policyText} from '../../api/confirmationPolicy.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import type {LostWatch} from '../../store/types.js';
import {absoluteTime, cost, count, maskSecret, maskUrl, orDash, relativeTime, repoAtBranch, shortId} from '../format.js';
import {clean} from '../../text/sanitize.js';
import {maskSecrets} from '../../text/secrets.js';
import {field, heading, type Entry} from '../widgets/FieldList.js';
import type {Column} from '../widgets/columns.js';
import {maskTitle} from '../../text/secrets.js';

/** a row's key: its server and id (ids repeat when two profiles share a server) */
export const conversationKey = (row: Tagged<AppConversation>) => refKey(row);

export const CONVERSATION_COLUMNS: readonly Column<AppConversation>[] = [
	{id: 'title', title: 'TITLE', width: 14, grow: 2, drop: 0, text: c => maskTitle(c.title) || '(untitled)'},
	{id: 'repo', title: 'REPOSITORY', width: 20, grow: 1, drop: 5, text: c => repoAtBranch(c.selected_repository, c.selected_branch)},
	// an agent server's row (beside an app server's) has no sandbox: a dash, not its RUNNING stand-in
	{id: 'sandbox', title: 'SANDBOX', width: 9, drop: 2, text: c => (c.sandbox_id ? clean(c.sandbox_status) : '—'), color: (c, t) => (c.sandbox_id ? t.status(c.sandbox_status) : t.muted)},
	{id: 'agent', title: 'AGENT', width: 10, drop: 4, text: c => agentLabel(c.execution_status), color: (c, t) => t.status(c.execution_status)},
	{id: 'updated', title: 'UPDATED', width: 9, drop: 3, noFilter: true, text: (c, now) => relativeTime(c.updated_at, now), sortKey: c => c.updated_at},
	{id: 'id', title: 'ID', width: 10, drop: 6, middle: true, text: c => clean(c.id)},
];

/** Prompt plus completion tokens; 0 when the server reports none. */
export function tokensOf(c: AppConversation): number {
	const usage = c.metrics?.accumulated_token_usage;
	return usage ? usage.prompt_tokens + usage.completion_tokens : 0;
}

const costOf = (c: AppConversation) => c.metrics?.accumulated_cost ?? 0;

/** `950`, `12.3k`, `4.5M`: a column of 7. */
export function compactCount(n: number): string {
	if (n < 1000) return String(n);
	if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
	return `${(n / 1_000_000).toFixed(1)}M`;
}

/**
 * Cost and tokens, when the server reports them: legacy servers send all zeros (shared/openhands-api.md
 * 5.5), so a column whose every value is empty stays hidden. Dropped first when narrow (highest drop).
 */
const COST: Column<AppConversation> = {
	id: 'cost',
	title: 'COST',
	width: 7,
	drop: 8,
	// with tokens, both show from about 120 columns; below, the title keeps its room
	room: 11,
	align: 'right',
	noFilter: true,
	text: c => (costOf(c) > 0 ? cost(costOf(c)) : '—'),
	sortKey: c => (costOf(c) > 0 ? costOf(c) : null),
};
const TOKENS: Column<AppConversation> = {
	id: 'tokens',
	title: 'TOKENS',
	width: 6,
	drop: 7,
	room: 15,
	align: 'right',
	noFilter: true,
	text: c => (tokensOf(c) > 0 ? compactCount(tokensOf(c)) : '—'),
	sortKey: c => (tokensOf(c) > 0 ? tokensOf(c) : null),
};

/**
 * The model without its provider or date (`anthropic/claude-sonnet-4-5-20250929` →
 * `claude-sonnet-4-5`): the details show it whole. Dropped after the cost.
 */
export function shortModel(model: string | null | undefined): string {
	return clean(model?.split('/').pop()?.replace(/-\d{8}$/, '')) || '—';
}
const MODEL: Column<AppConversation> = {id: 'model', title: 'MODEL', width: 12, drop: 7.5, middle: true, text: c => shortModel(c.llm_model)};

/** An agent server's conversations have a working directory, not a repository (agent-server doc 4.2). */
const WHERE: Column<AppConversation> = {
	id: 'repo',
	title: 'REPO / DIR',
	width: 16,
	grow: 1,
	drop: 5,
	middle: true,
	text: c => (c.selected_repository ? repoAtBranch(c.selected_repository, c.selected_branch) : clean(c.working_dir) || '—'),
};

/**
 * The columns for these rows: cost and tokens only when some row has them, the model when some row
 * names one, the sandbox only where some server in view has sandboxes (issue 16 §1), a working directory
 * where rows have one; the server's first, when given (several servers in view).
 */
export function conversationColumns<T extends AppConversation>(rows: readonly T[], sandboxes = true, server: Column<T> | null = null): readonly Column<T>[] {
	const withCost = rows.some(c => costOf(c) > 0);
	const withTokens = rows.some(c => tokensOf(c) > 0);
	const withModel = rows.some(c => c.llm_model);
	const withDirs = rows.some(c => c.working_dir);
	const noSandboxes = !sandboxes;
	// several servers: the SERVER column first (./serverColumn.ts)
	const lead = server ? [server] : [];
	if (!withCost && !withTokens && !withModel && !withDirs && !noSandboxes) return server ? [...lead, ...CONVERSATION_COLUMNS] : CONVERSATION_COLUMNS;
	const base = CONVERSATION_COLUMNS.filter(c => !(noSandboxes && c.id === 'sandbox')).map(c => (withDirs && c.id === 'repo' ? WHERE : c));
	const extra = [...(withModel ? [MODEL] : []), ...(withCost ? [COST] : []), ...(withTokens ? [TOKENS] : [])];
	// before the id, which is the last column
	return [...lead, ...base.slice(0, -1), ...extra, base.at(-1)!];
}

/**
 * The AGENT column as sent, except `waiting_for_confirmation` (24 columns, cut to "waiting_f…"):
 * the row must say plainly that the agent waits for the user (open it with `l` to answer).
 */
export function agentLabel(status: string | null | undefined): string {
	return status === 'waiting_for_confirmation' ? 'confirm?' : orDash(status);
}

/** An agent server's conversation: its own fields, no sandbox (agent-server doc 4.2). */
function agentEntries(c: AppConversation, now: number): Entry[] {
	return [
		field('id', clean(c.id)),
		field('title', maskTitle(c.title) || '—'),
		field('working directory', orDash(c.working_dir)),
		field('model', orDash(c.llm_model)),
		field('agent status', orDash(c.execution_status)),
		field('confirmation', policyText(c.confirmation_policy)),
		field('security analyzer', orDash(c.security_analyzer)),
		...timeEntries(c, now),
		heading('Links'),
		...linkEntries(c),
	];
}

function timeEntries(c: AppConversation, now: number): Entry[] {
	return [
		field('created', `${absoluteTime(c.created_at)} (${relativeTime(c.created_at, now)})`),
		field('updated', `${absoluteTime(c.updated_at)} (${relativeTime(c.updated_at, now)})`),
	];
}

function linkEntries(c: AppConversation): Entry[] {
	return [
		field('parent', orDash(c.parent_conversation_id)),
		field('sub-conversations', c.sub_conversation_ids.length ? c.sub_conversation_ids.map(id => clean(id)).join(', ') : '—'),
	];
}

export function conversationEntries(c: AppConversation, now: number): Entry[] {
	const usage = c.metrics?.accumulated_token_usage;
	const own = c.sandbox_id === '' ? agentEntries(c, now) : null;
	return [
		...(own ?? appEntries(c, now)),
		heading('Metrics'),
		field('model', orDash(c.metrics?.model_name)),
		field('cost', c.metrics ? cost(c.metrics.accumulated_cost) : '—'),
		field('max budget', c.metrics?.max_budget_per_task == null ? '—' : cost(c.metrics.max_budget_per_task)),
		field('prompt tokens', usage ? count(usage.prompt_tokens) : '—'),
		field('completion tokens', usage ? count(usage.completion_tokens) : '—'),
		field('cache read tokens', usage ? count(usage.cache_read_tokens) : '—'),
		field('cache write tokens', usage ? count(usage.cache_write_tokens) : '—'),
		field('reasoning tokens', usage ? count(usage.reasoning_tokens) : '—'),
		field('context window', usage ? count(usage.context_window) : '—'),
		field('per-turn tokens', usage ? count(usage.per_turn_token) : '—'),
	];
}

function appEntries(c: AppConversation, now: number): Entry[] {
	return [
		field('id', clean(c.id)),
		field('title', maskTitle(c.title) || '—'),
		field('repository', orDash(c.selected_repository)),
		field('branch', orDash(c.selected_branch)),
		field('git provider', orDash(c.git_provider)),
		field('trigger', orDash(c.trigger)),
		field('llm model', orDash(c.llm_model)),
		...timeEntries(c, now),
		field('created by', orDash(c.created_by_user_id)),
		heading('Runtime'),
		field('sandbox id', orDash(c.sandbox_id)),
		field('sandbox status', orDash(c.sandbox_status)),
		field('agent status', orDash(c.execution_status)),
		field('conversation url', maskUrl(c.conversation_url) || '—'),
		field('session api key', maskSecret(c.session_api_key)),
		heading('Links'),
		field('pull requests', c.pr_number.length ? c.pr_number.map(n => `#${n}`).join(', ') : '—'),
		...linkEntries(c),
	];
}

/**
 * One line per start task: `start 558e…0389  WAITING_FOR_SANDBOX  octo/hello@main  <detail>`; once the
 * store stopped watching it, the status may be old and the line ends with "no longer watched, last
 * seen 2m ago". An ERROR without a detail says so.
 */
export function startTaskLine(task: StartTask, lost: LostWatch | undefined, now: number): string {
	const target = task.request.selected_repository
		? repoAtBranch(task.request.selected_repository, task.request.selected_branch)
		: clean(task.request.initial_message?.content.find(c => c.text)?.text ?? '');
	const parts = [`start ${shortId(task.id, 10)}`, clean(task.status), target];
	if (task.status === 'READY' && task.app_conversation_id) parts.push(`→ ${shortId(task.app_conversation_id, 10)}`);
	// A detail can be a server's or a proxy's error text echoing a request, credentials and all.
	if (task.detail?.trim()) parts.push(maskSecrets(task.detail));
	else if (task.status === 'ERROR') parts.push('no detail given');
	if (lost) parts.push(lostText(lost, now));
	return parts.filter(Boolean).join('  ');
}

/** "no longer watched, last seen 2m ago" (or "…, never answered") */
export function lostText(lost: LostWatch, now: number): string {
	return `no longer watched, ${lost.lastSeenAt === null ? 'never answered' : `last seen ${relativeTime(lost.lastSeenAt, now)}`}`;
}
