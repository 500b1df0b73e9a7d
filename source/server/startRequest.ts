import {enumError, type FieldError, literalError} from './errors.js';
import {parseUuid} from './ids.js';
import {isObject, type Json, type Loc, objectError, readJsonObject} from './jsonBody.js';
import {parseBool, parseContent} from './messageContent.js';
import type {Generation, StartRequestEcho} from './state.js';

/** Enum values from shared/openhands-api.md 3.6-3.8. */
export const GIT_PROVIDERS = ['github', 'gitlab', 'bitbucket', 'enterprise_sso'] as const;
export const TRIGGERS = [
	'resolver',
	'gui',
	'suggested_task',
	'openhands_api',
	'slack',
	'microagent_management',
	'jira',
	'jira_dc',
	'linear',
	'bitbucket',
] as const;
/** `ConversationTrigger` gained `automation` on current servers (newer doc 8.3). */
const CURRENT_TRIGGERS = [...TRIGGERS, 'automation'] as const;
const AGENT_TYPES = ['default', 'plan'] as const;
const ROLES = ['user', 'system', 'assistant', 'tool'] as const;

/** Reads the JSON body of `POST /app-conversations` as FastAPI would (body errors have `loc` "body"). */
export function parseStartRequest(
	raw: string | null,
	contentType: string | undefined,
	generation: Generation = 'legacy',
): {request: StartRequestEcho} | {errors: FieldError[]} {
	const read = readJsonObject(raw, !contentType || /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType));
	if ('errors' in read) return read;
	const {body} = read;
	const errors: FieldError[] = [];
	const str = (key: string) => optionalString(body, key, errors);
	const oneOf = (key: string, values: readonly string[]) => {
		const value = body[key];
		if (value === undefined || value === null) return null;
		if (typeof value === 'string' && values.includes(value)) return value;
		errors.push(enumError(['body', key], values, value));
		return null;
	};
	const request: StartRequestEcho = {
		sandbox_id: str('sandbox_id'),
		initial_message: parseMessage(body['initial_message'], ['body', 'initial_message'], errors),
		processors: parseProcessors(body['processors'], errors),
		llm_model: str('llm_model'),
		selected_repository: str('selected_repository'),
		selected_branch: str('selected_branch'),
		git_provider: oneOf('git_provider', GIT_PROVIDERS),
		title: str('title'),
		trigger: oneOf('trigger', generation === 'current' ? CURRENT_TRIGGERS : TRIGGERS),
		pr_number: parseIntList(body['pr_number'], errors),
		parent_conversation_id: parseParent(body['parent_conversation_id'], errors),
		agent_type: oneOf('agent_type', AGENT_TYPES) ?? 'default',
	};
	return errors.length > 0 ? {errors} : {request};
}

function optionalString(body: Record<string, Json>, key: string, errors: FieldError[], loc: Loc = ['body', key]) {
	const value = body[key];
	if (value === undefined || value === null) return null;
	if (typeof value === 'string') return value;
	errors.push({type: 'string_type', loc, msg: 'Input should be a valid string', input: value});
	return null;
}

/** `SendMessageRequest`; content items get `cache_prompt` first, as the SDK models declare it (3.8). */
function parseMessage(value: Json, loc: Loc, errors: FieldError[]): StartRequestEcho['initial_message'] {
	if (value === undefined || value === null) return null;
	if (!isObject(value)) {
		errors.push(objectError(loc, value));
		return null;
	}
	let role = 'user';
	if (value['role'] !== undefined) {
		if (typeof value['role'] === 'string' && (ROLES as readonly string[]).includes(value['role'])) role = value['role'];
		else errors.push(literalError([...loc, 'role'], ROLES, value['role']));
	}
	const content: Record<string, unknown>[] = [];
	const rawContent = value['content'] ?? [];
	if (!Array.isArray(rawContent)) {
		errors.push({type: 'list_type', loc: [...loc, 'content'], msg: 'Input should be a valid list', input: rawContent});
	} else {
		rawContent.forEach((item, i) => {
			const parsed = parseContent(item, [...loc, 'content', i], errors);
			if (parsed) content.push(parsed);
		});
	}
	return {role, content, run: parseBool(value['run'], [...loc, 'run'], errors)};
}

function parseProcessors(value: Json, errors: FieldError[]): unknown[] | null {
	if (value === undefined || value === null) return null;
	if (Array.isArray(value)) return value;
	errors.push({type: 'list_type', loc: ['body', 'processors'], msg: 'Input should be a valid list', input: value});
	return null;
}

function parseIntList(value: Json, errors: FieldError[]): number[] {
	if (value === undefined) return [];
	if (!Array.isArray(value)) {
		errors.push({type: 'list_type', loc: ['body', 'pr_number'], msg: 'Input should be a valid list', input: value});
		return [];
	}
	const out: number[] = [];
	value.forEach((item, i) => {
		const n = typeof item === 'string' && /^\s*[+-]?\d+\s*$/.test(item) ? Number(item) : item;
		if (typeof n === 'number' && Number.isInteger(n)) out.push(n);
		else {
			errors.push({
				type: 'int_parsing',
				loc: ['body', 'pr_number', i],
				msg: 'Input should be a valid integer, unable to parse string as an integer',
				input: item,
			});
		}
	});
	return out;
}

function parseParent(value: Json, errors: FieldError[]): string | null {
	if (value === undefined || value === null) return null;
	const loc = ['body', 'parent_conversation_id'];
	if (typeof value !== 'string') {
		errors.push({type: 'uuid_type', loc, msg: 'UUID input should be a string, bytes or UUID object', input: value});
		return null;
	}
	const parsed = parseUuid(value);
	if ('hex' in parsed) return parsed.hex;
	errors.push({
		type: 'uuid_parsing',
		loc,
		msg: `Input should be a valid UUID, ${parsed.error}`,
		input: value,
		ctx: {error: parsed.error},
	});
	return null;
}
