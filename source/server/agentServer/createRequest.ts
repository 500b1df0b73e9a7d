import {type FieldError, literalError} from '../errors.js';
import type {ContentItem} from '../events/model.js';
import {parseUuid} from '../ids.js';
import {isObject, type Json, readJsonObject} from '../jsonBody.js';
import {parseMessageBody} from '../agent/messageBody.js';
import type {ConfirmationPolicy} from './conversation.js';

/** What `POST /api/conversations` takes from a `StartConversationRequest` (§4.3, `sdk/conversation/request.py`). */
export type CreateRequest = {
	conversationId: string | null;
	workingDir: string;
	model: string | null;
	usageId: string;
	agentProfileId: string | null;
	policy: ConfirmationPolicy | null;
	maxIterations: number;
	stuckDetection: boolean;
	autotitle: boolean;
	tags: Record<string, string>;
	initialMessage: ContentItem[] | null;
};

const valueError = (message: string, input: Json): FieldError => ({type: 'value_error', loc: ['body'], msg: `Value error, ${message}`, input, ctx: {error: {}}});

/** `agent.llm.model` or `agent_settings.llm.model`: the server builds the agent from what is sent, never from its saved settings. */
function llmOf(source: Json): {model: string | null; usageId: string} | null {
	if (!isObject(source) || !isObject(source['llm'])) return null;
	const llm = source['llm'];
	return typeof llm['model'] === 'string' ? {model: llm['model'], usageId: typeof llm['usage_id'] === 'string' ? llm['usage_id'] : 'default'} : null;
}

export function readPolicy(value: Json, loc: (string | number)[], errors: FieldError[]): ConfirmationPolicy | null {
	if (!isObject(value)) {
		errors.push({type: 'model_attributes_type', loc, msg: 'Input should be a valid dictionary or object to extract fields from', input: value});
		return null;
	}
	const kind = value['kind'];
	if (kind === 'NeverConfirm' || kind === 'AlwaysConfirm') return {kind};
	if (kind !== 'ConfirmRisky') {
		errors.push({type: 'union_tag_invalid', loc, msg: `Input tag '${String(kind)}' found using 'kind' does not match any of the expected tags: 'AlwaysConfirm', 'ConfirmRisky', 'NeverConfirm'`, input: value, ctx: {discriminator: "'kind'", tag: String(kind), expected_tags: "'AlwaysConfirm', 'ConfirmRisky', 'NeverConfirm'"}});
		return null;
	}
	const threshold = value['threshold'] ?? 'HIGH';
	if (threshold !== 'LOW' && threshold !== 'MEDIUM' && threshold !== 'HIGH') {
		errors.push(literalError([...loc, 'ConfirmRisky', 'threshold'], ['LOW', 'MEDIUM', 'HIGH'], threshold));
		return null;
	}
	const confirmUnknown = value['confirm_unknown'] ?? true;
	if (typeof confirmUnknown !== 'boolean') {
		errors.push({type: 'bool_type', loc: [...loc, 'ConfirmRisky', 'confirm_unknown'], msg: 'Input should be a valid boolean', input: confirmUnknown});
		return null;
	}
	return {kind, threshold, confirm_unknown: confirmUnknown};
}

/**
 * Validates the body like pydantic would, collecting every error: `workspace.working_dir` and exactly
 * one agent source are required; `initial_message` is a `SendMessageRequest`.
 */
export function readCreateRequest(raw: string | null): CreateRequest | {errors: FieldError[]} {
	const read = readJsonObject(raw);
	if ('errors' in read) return read;
	const {body} = read;
	const errors: FieldError[] = [];
	const workspace = body['workspace'];
	let workingDir = '';
	if (workspace === undefined) errors.push({type: 'missing', loc: ['body', 'workspace'], msg: 'Field required', input: body});
	else if (!isObject(workspace) || typeof workspace['working_dir'] !== 'string') {
		errors.push({type: 'missing', loc: ['body', 'workspace', 'working_dir'], msg: 'Field required', input: workspace});
	} else workingDir = workspace['working_dir'];

	const hasProfile = body['agent_profile_id'] !== undefined && body['agent_profile_id'] !== null;
	const given = ['agent', 'agent_settings'].filter(k => body[k] !== undefined && body[k] !== null);
	let llm: {model: string | null; usageId: string} | null = null;
	let agentProfileId: string | null = null;
	if (hasProfile && given.length > 0) errors.push(valueError('`agent_profile_id` is mutually exclusive with `agent` and `agent_settings`', body));
	else if (!hasProfile && given.length === 0) errors.push(valueError('One of `agent`, `agent_settings`, or `agent_profile_id` must be provided', body));
	else if (hasProfile) {
		const parsed = typeof body['agent_profile_id'] === 'string' ? parseUuid(body['agent_profile_id']) : {error: 'invalid type'};
		if ('hex' in parsed) agentProfileId = parsed.hex;
		else errors.push({type: 'uuid_parsing', loc: ['body', 'agent_profile_id'], msg: `Input should be a valid UUID, ${parsed.error}`, input: body['agent_profile_id'], ctx: {error: parsed.error}});
	} else {
		llm = llmOf(body[given[0]!]);
		if (!llm) errors.push(valueError(`1 validation error for ${given[0] === 'agent' ? 'Agent' : 'OpenHandsAgentSettings'}\nllm.model\n  Field required`, body));
	}

	const policy = body['confirmation_policy'] === undefined ? null : readPolicy(body['confirmation_policy'], ['body', 'confirmation_policy'], errors);
	let maxIterations = 500;
	if (body['max_iterations'] !== undefined) {
		const n = body['max_iterations'];
		if (typeof n !== 'number' || !Number.isInteger(n)) errors.push({type: 'int_type', loc: ['body', 'max_iterations'], msg: 'Input should be a valid integer', input: n});
		else if (n < 1) errors.push({type: 'greater_than_equal', loc: ['body', 'max_iterations'], msg: 'Input should be greater than or equal to 1', input: n, ctx: {ge: 1}});
		else maxIterations = n;
	}
	let conversationId: string | null = null;
	if (body['conversation_id'] !== undefined && body['conversation_id'] !== null) {
		const parsed = typeof body['conversation_id'] === 'string' ? parseUuid(body['conversation_id']) : {error: 'invalid type'};
		if ('hex' in parsed) conversationId = parsed.hex;
		else errors.push({type: 'uuid_parsing', loc: ['body', 'conversation_id'], msg: `Input should be a valid UUID, ${parsed.error}`, input: body['conversation_id'], ctx: {error: parsed.error}});
	}
	let initialMessage: ContentItem[] | null = null;
	if (body['initial_message'] !== undefined && body['initial_message'] !== null) {
		const message = parseMessageBody(JSON.stringify(body['initial_message']), {roles: ['user', 'system', 'assistant', 'tool'], runDefault: false, minContent: 0});
		if ('errors' in message) errors.push(...message.errors.map(e => ({...e, loc: ['body', 'initial_message', ...e.loc.slice(1)]})));
		else initialMessage = message.content;
	}
	const tags: Record<string, string> = {};
	if (isObject(body['tags'])) for (const [k, v] of Object.entries(body['tags'])) if (typeof v === 'string') tags[k] = v;
	if (errors.length > 0) return {errors};
	return {
		conversationId,
		workingDir,
		model: llm?.model ?? null,
		usageId: llm?.usageId ?? 'default',
		agentProfileId,
		policy,
		maxIterations,
		stuckDetection: body['stuck_detection'] !== false,
		autotitle: body['autotitle'] !== false,
		tags,
		initialMessage,
	};
}
