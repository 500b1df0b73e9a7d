/**
 * One line per conversation event: who, and what (shared/openhands-api-newer.md 4.4): a message's
 * first line, an action's gist, an observation's outcome, errors, state changes, pauses,
 * condensations. Unknown kinds show their `kind` and whatever text they carry. Every string is
 * cleaned and masked here; the view only lays the parts out. Summaries are cached per event
 * object (the store keeps an event's identity), so scrolling 10,000 events summarizes each once.
 */
import type {ConversationEvent} from '../../api/schemas/event.js';
import {tooLargeBytes} from '../../api/paging/tooLargeEvents.js';
import {policyText} from '../../api/confirmationPolicy.js';
import {clean} from '../../text/sanitize.js';
import {maskSecrets} from '../../text/secrets.js';
import {cost as formatCost, count} from '../format.js';
import {actionGist} from './actions.js';
import {arr, capField, contentText, obj, str, type Raw} from './fields.js';
import {observationOutcome} from './observations.js';
import {rowText} from './text.js';

export type EventTone = 'error' | 'warn' | 'ok' | 'muted' | 'accent' | undefined;

export type EventSummary = {
	/** `user`, `agent`, `environment`, `hook`, or the source as sent (clean) */
	who: string;
	/** clean, masked, one line */
	text: string;
	tone: EventTone;
	/** a tool's output that is not an error: what the observations toggle hides */
	observation: boolean;
	/** the execution status this event reports (a state update), for "running → finished" */
	status?: string;
};

const cache = new WeakMap<object, EventSummary>();

export function summarizeEvent(event: ConversationEvent): EventSummary {
	let summary = cache.get(event);
	if (!summary) {
		summary = summarize(event);
		cache.set(event, summary);
	}
	return summary;
}

function summarize(event: ConversationEvent): EventSummary {
	const raw = event.raw;
	const who = clean(capField(event.source, 60)) || '—';
	const base = {who, observation: false, tone: undefined as EventTone};
	const large = tooLargeBytes(event);
	if (large !== undefined) return {...base, text: tooLargeText(event.kind, large), tone: 'warn'};
	const tool = str(raw['tool_name']);
	switch (event.kind) {
		case 'MessageEvent':
			return {...base, ...messageLine(raw, event.source)};
		case 'ActionEvent': {
			const action = obj(raw['action']);
			const thought = rowText(contentText(raw['thought'])) || rowText(str(raw['reasoning_content']));
			if (!action) return {...base, text: thought ? `thought: ${thought}` : `${clean(tool) || 'tool'} call could not be read`, tone: thought ? 'muted' : 'warn'};
			return {...base, text: actionGist(action, tool), tone: action['kind'] === 'FinishAction' ? 'ok' : undefined};
		}
		case 'ObservationEvent': {
			const outcome = observationOutcome(obj(raw['observation']), tool);
			return {...base, text: outcome.text, tone: outcome.error ? 'error' : outcome.failed ? 'warn' : undefined, observation: !outcome.error};
		}
		case 'UserRejectObservation':
			return {...base, text: `rejected ${clean(tool) || 'action'}: ${rowText(str(raw['rejection_reason'])) || 'no reason given'}`, tone: 'warn'};
		case 'AgentErrorEvent':
			return {...base, text: `${tool ? `${clean(tool)} ` : ''}error: ${rowText(str(raw['error']))}`, tone: 'error'};
		case 'ConversationErrorEvent':
			return {...base, text: `${clean(str(raw['code'])) || 'error'}: ${rowText(str(raw['detail']))}`, tone: 'error'};
		case 'ConversationStateUpdateEvent':
			return {...base, ...stateLine(raw)};
		case 'PauseEvent':
			return {...base, text: 'paused the agent', tone: 'warn'};
		case 'InterruptEvent':
			return {...base, text: 'interrupted the agent', tone: 'warn'};
		case 'Condensation': {
			const n = arr(raw['forgotten_event_ids']).length;
			const summary = rowText(str(raw['summary']));
			return {...base, text: `condensed ${n} event${n === 1 ? '' : 's'}${summary ? `: ${summary}` : ''}`, tone: 'muted'};
		}
		case 'CondensationRequest':
			return {...base, text: 'condensation requested', tone: 'muted'};
		case 'CondensationSummaryEvent':
			return {...base, text: `summary: ${rowText(str(raw['summary']))}`, tone: 'muted'};
		case 'SystemPromptEvent': {
			const n = arr(raw['tools']).length;
			return {...base, text: `system prompt (${n} tool${n === 1 ? '' : 's'})`, tone: 'muted'};
		}
		case 'TokenEvent':
			return {...base, text: `tokens: ${arr(raw['prompt_token_ids']).length} prompt, ${arr(raw['response_token_ids']).length} response`, tone: 'muted'};
		case 'HookExecutionEvent':
			return {...base, ...hookLine(raw)};
		case 'LLMCompletionLogEvent':
			return {...base, text: `LLM completion log${str(raw['model_name']) ? ` (${clean(raw['model_name'])})` : ''}`, tone: 'muted'};
		case 'StreamingDeltaEvent':
			return {...base, text: rowText(str(raw['content']) ?? str(raw['reasoning_content'])) || 'streaming…', tone: 'muted'};
		case 'ACPToolCallEvent': {
			const error = raw['is_error'] === true;
			return {...base, text: `${rowText(str(raw['title'])) || clean(str(raw['tool_kind'])) || 'tool call'} (${clean(str(raw['status'])) || '?'})`, tone: error ? 'error' : undefined};
		}
		default:
			return {...base, text: unknownLine(event.kind, raw), tone: 'muted'};
	}
}

function messageLine(raw: Raw, source: string | null): Pick<EventSummary, 'text' | 'tone'> {
	const message = obj(raw['llm_message']);
	const text = rowText(contentText(message?.['content']));
	const role = str(message?.['role']);
	return {text: text || '(empty message)', tone: source === 'user' || role === 'user' ? 'accent' : undefined};
}

const STATUS_TONE: Record<string, EventTone> = {
	waiting_for_confirmation: 'warn',
	finished: 'ok',
	error: 'error',
	stuck: 'error',
	paused: 'warn',
};

function stateLine(raw: Raw): Pick<EventSummary, 'text' | 'tone' | 'status'> {
	const key = str(raw['key']) ?? '';
	const value = raw['value'];
	if (key === 'execution_status' && typeof value === 'string') {
		const status = clean(value);
		return {text: `status ${status}`, tone: STATUS_TONE[status] ?? 'muted', status};
	}
	if (key === 'full_state') {
		const status = str(obj(value)?.['execution_status']);
		return status ? {text: `state snapshot (status ${clean(status)})`, tone: 'muted', status: clean(status)} : {text: 'state snapshot', tone: 'muted'};
	}
	if (key === 'stats') {
		const usage = usageText(obj(value));
		if (usage) return {text: `usage: ${usage}`, tone: 'muted'};
	}
	if (key === 'confirmation_policy' && obj(value) && typeof obj(value)!['kind'] === 'string') {
		return {text: `confirmation: ${clean(policyText(obj(value) as {kind: string}))}`, tone: 'muted'};
	}
	return {text: `${clean(key) || 'state'}: ${shortValue(value)}`, tone: 'muted'};
}

/**
 * An agent server's `stats` update (agent-server doc 5.4): cost and tokens summed over its
 * `usage_to_metrics`, as the list sums them; null when it holds none.
 */
function usageText(stats: Raw | null): string | null {
	const entries = Object.values(obj(stats?.['usage_to_metrics']) ?? {}).map(obj).filter((m): m is Raw => m !== null);
	if (entries.length === 0) return null;
	let cost = 0;
	let prompt = 0;
	let completion = 0;
	for (const entry of entries) {
		cost += typeof entry['accumulated_cost'] === 'number' ? entry['accumulated_cost'] : 0;
		const tokens = obj(entry['accumulated_token_usage']);
		prompt += typeof tokens?.['prompt_tokens'] === 'number' ? tokens['prompt_tokens'] : 0;
		completion += typeof tokens?.['completion_tokens'] === 'number' ? tokens['completion_tokens'] : 0;
	}
	return `${formatCost(cost)} · ${count(prompt)} in / ${count(completion)} out tokens`;
}

function hookLine(raw: Raw): Pick<EventSummary, 'text' | 'tone'> {
	const type = clean(str(raw['hook_event_type'])) || 'hook';
	const command = rowText(str(raw['hook_command']));
	const blocked = raw['blocked'] === true;
	const failed = raw['success'] === false;
	const outcome = blocked ? ' → blocked' : failed ? ` → failed${typeof raw['exit_code'] === 'number' ? ` (exit ${raw['exit_code']})` : ''}` : '';
	return {text: `hook ${type}${command ? `: ${command}` : ''}${outcome}`, tone: failed ? 'error' : blocked ? 'warn' : 'muted'};
}

const TEXT_FIELDS = ['message', 'text', 'summary', 'detail', 'error', 'content', 'title', 'reason'];

function unknownLine(kind: string, raw: Raw): string {
	const label = clean(capField(kind, 60)).slice(0, 60) || 'event';
	for (const key of TEXT_FIELDS) {
		const value = raw[key];
		const text = typeof value === 'string' ? rowText(value) : Array.isArray(value) ? rowText(contentText(value)) : '';
		if (text) return `${label}: ${text}`;
	}
	return label;
}

/** A state value of any type in a few words (masked; objects as compact JSON, cut). */
function shortValue(value: unknown): string {
	if (value === null || value === undefined) return '—';
	if (typeof value === 'string') return rowText(value) || '""';
	if (typeof value !== 'object') return clean(String(value));
	let json: string;
	try {
		json = JSON.stringify(value) ?? '';
	} catch {
		json = '[unreadable]';
	}
	return maskSecrets(json.slice(0, 400));
}

/** `ObservationEvent too large to show (12.4 MB)` for an event over the response cap (issue 21 item 9). */
export function tooLargeText(kind: string, bytes: number | null): string {
	const size = bytes === null ? 'over 8 MB' : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
	return `${clean(kind).slice(0, 60) || 'event'} too large to show (${size})`;
}
