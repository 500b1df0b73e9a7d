/**
 * The full content of one event for the pager: message text, thought, the action's arguments
 * (command, edit arguments), the output of the observation that answered it when it is loaded,
 * error text; unknown kinds as pretty JSON. Lines are clean and masked, not yet wrapped.
 */
import type {ConversationEvent} from '../../api/schemas/event.js';
import {isShortened, tooLargeBytes} from '../../api/paging/tooLargeEvents.js';
import {MASK} from '../format.js';
import {clean} from '../../text/sanitize.js';
import {arr, capField, contentText, obj, str, type Raw} from './fields.js';
import {exitCode, observationText} from './observations.js';
import {tooLargeText} from './summarize.js';
import {pagerLines} from './text.js';
import {eventDateTime} from '../time.js';

/** `added`/`removed`/`hunk`: a unified diff's lines (ui/changes/diffLines.ts) */
export type PagerLine = {text: string; style?: 'heading' | 'error' | 'muted' | 'added' | 'removed' | 'hunk'};

/** Keys whose string values are credentials wherever they appear in an event's JSON. */
const SECRET_KEY = /api_?key|secret|password|passwd|token$|access_token|credential|cookie|authorization/i;
/** A long string with no spaces (a base64 screenshot) is described, not printed. */
const BLOB_CHARS = 4096;

export function eventDetail(event: ConversationEvent, answer?: ConversationEvent): PagerLine[] {
	const raw = event.raw;
	const out: PagerLine[] = [
		{text: `${clean(capField(event.kind)) || 'event'} · ${clean(capField(event.source)) || 'no source'} · ${eventDateTime(capField(event.timestamp, 64))}`, style: 'heading'},
		{text: `id ${clean(capField(event.id))}`, style: 'muted'},
	];
	const large = tooLargeBytes(event);
	if (large !== undefined) {
		out.push({text: tooLargeText(event.kind, large), style: 'error'});
		line(
			out,
			isShortened(event)
				? 'ohtui keeps an event this large short in memory (its kind, id, time and size); opened here, it is read in full from the server.'
				: 'The server sent it in a response over the 8 MB ohtui reads at once; the events before and after it are shown.',
		);
		return out;
	}
	switch (event.kind) {
		case 'MessageEvent': {
			const message = obj(raw['llm_message']);
			block(out, `message (${clean(str(message?.['role'])) || 'no role'})`, contentText(message?.['content']) || '(empty)');
			const skills = arr(raw['activated_skills']).map(s => clean(s)).filter(Boolean);
			if (skills.length) line(out, `skills: ${skills.join(', ')}`);
			const extended = contentText(raw['extended_content']);
			if (extended) block(out, 'extended content', extended);
			break;
		}
		case 'ActionEvent':
			actionDetail(out, raw, answer);
			break;
		case 'ObservationEvent':
			observationDetail(out, obj(raw['observation']), str(raw['tool_name']));
			break;
		case 'AgentErrorEvent':
			line(out, `tool: ${clean(str(raw['tool_name'])) || '—'}`);
			block(out, 'error', str(raw['error']) ?? '', 'error');
			break;
		case 'ConversationErrorEvent':
			line(out, `code: ${clean(str(raw['code'])) || '—'}`);
			block(out, 'detail', str(raw['detail']) ?? '', 'error');
			break;
		case 'UserRejectObservation':
			line(out, `tool: ${clean(str(raw['tool_name'])) || '—'}`);
			block(out, 'rejection reason', str(raw['rejection_reason']) ?? '');
			break;
		case 'Condensation':
			line(out, `forgotten events: ${arr(raw['forgotten_event_ids']).length}`);
			block(out, 'summary', str(raw['summary']) ?? '(none)');
			break;
		case 'SystemPromptEvent':
			block(out, 'system prompt', contentText([raw['system_prompt']]));
			line(out, `tools: ${arr(raw['tools']).map(toolName).filter(Boolean).join(', ') || '—'}`);
			break;
		default:
			block(out, 'event JSON', json(raw));
	}
	return out;
}

function actionDetail(out: PagerLine[], raw: Raw, answer: ConversationEvent | undefined): void {
	const thought = contentText(raw['thought']);
	if (thought) block(out, 'thought', thought);
	const reasoning = str(raw['reasoning_content']);
	if (reasoning) block(out, 'reasoning', reasoning);
	for (const item of arr(raw['thinking_blocks'])) {
		const thinking = str(obj(item)?.['thinking']);
		if (thinking) block(out, 'thinking', thinking);
	}
	const summary = str(raw['summary']);
	if (summary) block(out, 'summary', summary);
	const action = obj(raw['action']);
	const risk = str(raw['security_risk']);
	out.push({text: `action ${clean(capField(str(action?.['kind']))) || '(could not be read)'} · tool ${clean(capField(str(raw['tool_name']))) || '—'}${risk ? ` · risk ${clean(risk)}` : ''}`, style: 'heading'});
	if (action) fields(out, action, ['kind']);
	else block(out, 'tool call arguments', prettyArguments(str(obj(raw['tool_call'])?.['arguments'])));
	if (answer) {
		const observation = obj(answer.raw['observation']);
		if (answer.kind === 'ObservationEvent' && observation) outputBlock(out, observation);
		else if (answer.kind === 'UserRejectObservation') block(out, 'rejected', str(answer.raw['rejection_reason']) ?? '');
		else if (answer.kind === 'AgentErrorEvent') block(out, 'error', str(answer.raw['error']) ?? '', 'error');
	}
}

function observationDetail(out: PagerLine[], observation: Raw | null, tool: string | null): void {
	out.push({text: `${clean(str(observation?.['kind'])) || 'observation'} · tool ${clean(tool) || '—'}`, style: 'heading'});
	if (!observation) return;
	outputBlock(out, observation);
	fields(out, observation, ['kind', 'content', 'output', 'is_error', 'exit_code']);
}

function outputBlock(out: PagerLine[], observation: Raw): void {
	const code = exitCode(observation);
	const error = observation['is_error'] === true;
	const title = `output${code === null ? '' : ` (exit ${code})`}${error ? ' · error' : ''}`;
	block(out, title, observationText(observation) || '(no output)', error ? 'error' : undefined);
}

/** Scalars as `name: value`, then long or multi-line strings and objects as blocks of their own. */
function fields(out: PagerLine[], record: Raw, skip: readonly string[]): void {
	const blocks: [string, unknown][] = [];
	for (const [name, value] of Object.entries(record)) {
		if (skip.includes(name) || value === null || value === undefined) continue;
		if (typeof value === 'string' && SECRET_KEY.test(name) && value) line(out, `${clean(name)}: ${MASK}`);
		else if (typeof value === 'string' && (value.includes('\n') || value.length > 200)) blocks.push([name, value]);
		else if (typeof value === 'object') blocks.push([name, value]);
		else line(out, `${clean(name)}: ${value === '' ? '""' : String(value)}`);
	}
	for (const [name, value] of blocks) {
		if (typeof value === 'string') block(out, name, describeBlob(value) ?? value);
		else if (Array.isArray(value) && value.length === 0) line(out, `${clean(name)}: []`);
		else block(out, name, json(value));
	}
}

function line(out: PagerLine[], text: string): void {
	for (const piece of pagerLines(text)) out.push({text: piece});
}

/** A heading, then the text indented under it (readable without colour too). */
function block(out: PagerLine[], title: string, text: string, style?: 'error'): void {
	out.push({text: clean(title), style: 'heading'});
	for (const piece of pagerLines(text)) out.push(style ? {text: `  ${piece}`, style} : {text: `  ${piece}`});
}

function describeBlob(value: string): string | null {
	return value.length > BLOB_CHARS && !/\s/.test(value.slice(0, BLOB_CHARS)) ? `[${Math.round(value.length / 1024)} KB of data, not shown]` : null;
}

function toolName(tool: unknown): string {
	const t = obj(tool);
	return clean(str(obj(t?.['function'])?.['name']) ?? str(t?.['name']) ?? str(t?.['title']));
}

function prettyArguments(args: string | null): string {
	if (!args) return '(none)';
	try {
		return json(JSON.parse(args));
	} catch {
		return args;
	}
}

/** Pretty JSON with secret-looking keys masked and blobs described (the lines are masked again after). */
export function json(value: unknown): string {
	try {
		return JSON.stringify(value, (key, v) => (typeof v === 'string' && v && SECRET_KEY.test(key) ? MASK : typeof v === 'string' ? (describeBlob(v) ?? v) : v), 2) ?? 'null';
	} catch {
		return '[unreadable]';
	}
}
