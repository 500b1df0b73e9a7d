import {type FieldError, literalError} from '../errors.js';
import type {ContentItem} from '../events/model.js';
import {type Json, type Loc, readJsonObject} from '../jsonBody.js';
import {parseBool, parseContent} from '../messageContent.js';

export type MessageRules = {
	/** agent server `SendMessageRequest`: user/system/assistant/tool; app server `AppSendMessageRequest`: user only */
	roles: readonly string[];
	/** `run`: false on the agent server (5.2), true on the app server (5.1) */
	runDefault: boolean;
	/** the app server wants at least one content item (`min_length=1`); the agent server defaults to [] */
	minContent: number;
};

export type MessageBody = {role: string; content: ContentItem[]; run: boolean};

/** Reads a send-message body the way FastAPI/pydantic would; content items forbid extra keys (4.4). */
export function parseMessageBody(raw: string | null, rules: MessageRules): MessageBody | {errors: FieldError[]} {
	const read = readJsonObject(raw);
	if ('errors' in read) return read;
	const {body} = read;
	const errors: FieldError[] = [];
	let role = 'user';
	if (body['role'] !== undefined) {
		if (typeof body['role'] === 'string' && rules.roles.includes(body['role'])) role = body['role'];
		else errors.push(literalError(['body', 'role'], rules.roles, body['role']));
	}
	const content: ContentItem[] = [];
	const rawContent = body['content'];
	if (rawContent === undefined && rules.minContent > 0) {
		errors.push({type: 'missing', loc: ['body', 'content'], msg: 'Field required', input: body});
	} else if (rawContent !== undefined && !Array.isArray(rawContent)) {
		errors.push({type: 'list_type', loc: ['body', 'content'], msg: 'Input should be a valid list', input: rawContent});
	} else if (Array.isArray(rawContent)) {
		if (rawContent.length < rules.minContent) {
			errors.push({
				type: 'too_short',
				loc: ['body', 'content'],
				msg: `List should have at least ${rules.minContent} item after validation, not ${rawContent.length}`,
				input: rawContent,
				ctx: {field_type: 'List', min_length: rules.minContent, actual_length: rawContent.length},
			});
		}
		rawContent.forEach((item, i) => {
			const parsed = contentItem(item, ['body', 'content', i], errors);
			if (parsed) content.push(parsed);
		});
	}
	const run = body['run'] === undefined ? rules.runDefault : parseBool(body['run'], ['body', 'run'], errors);
	return errors.length > 0 ? {errors} : {role, content, run};
}

/** A content item as the event records it (the stand-in keeps no cache_prompt on events). */
function contentItem(item: Json, loc: Loc, errors: FieldError[]): ContentItem | null {
	const parsed = parseContent(item, loc, errors);
	if (!parsed) return null;
	return parsed['type'] === 'image' ? {type: 'image', image_urls: parsed['image_urls'] as string[]} : {type: 'text', text: parsed['text'] as string};
}

/** `POST …/events/respond_to_confirmation`: `{"accept": bool, "reason"?: str}`, the reason defaulting as the server's model does. */
export function parseConfirmationBody(raw: string | null): {accept: boolean; reason: string} | {errors: FieldError[]} {
	const read = readJsonObject(raw);
	if ('errors' in read) return read;
	const {body} = read;
	const errors: FieldError[] = [];
	if (body['accept'] === undefined) errors.push({type: 'missing', loc: ['body', 'accept'], msg: 'Field required', input: body});
	else if (typeof body['accept'] !== 'boolean') errors.push({type: 'bool_type', loc: ['body', 'accept'], msg: 'Input should be a valid boolean', input: body['accept']});
	if (body['reason'] !== undefined && typeof body['reason'] !== 'string') {
		errors.push({type: 'string_type', loc: ['body', 'reason'], msg: 'Input should be a valid string', input: body['reason']});
	}
	if (errors.length > 0) return {errors};
	return {accept: body['accept'] as boolean, reason: (body['reason'] as string | undefined) ?? 'User rejected the action.'};
}
