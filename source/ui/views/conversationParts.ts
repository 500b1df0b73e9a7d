/** Detail entries and start-task lines of the Conversations view (its columns: ./conversationColumns.ts). */
import type {AppConversation, StartTask} from '../../api/schemas/index.js';
import {policyText} from '../../api/confirmationPolicy.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import type {LostWatch} from '../../store/types.js';
import {absoluteTime, cost, count, maskSecret, maskUrl, orDash, relativeTime, repoAtBranch, shortId} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {maskField, maskSecrets} from '../../text/secrets.js';
import {field, heading, type Entry} from '../widgets/FieldList.js';
import {maskTitle} from '../../text/secrets.js';

/** a row's key: its server and id (ids repeat when two profiles share a server) */
export const conversationKey = (row: Tagged<AppConversation>) => refKey(row);

/** An agent server's conversation: its own fields, no sandbox (agent-server doc 4.2). */
function agentEntries(c: AppConversation, now: number): Entry[] {
	return [
		field('id', clean(c.id)),
		field('title', maskTitle(c.title) || '—'),
		field('working directory', maskField(c.working_dir) || '—'),
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
		: // the first message, which the title is made from: a token pasted there is masked as in titles
			maskSecrets(task.request.initial_message?.content.find(c => c.text)?.text ?? '');
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
