import {type FieldError, literalError} from '../errors.js';
import type {ContentItem} from '../events/model.js';
import {isObject, type Json, type Loc, objectError, readJsonObject} from '../jsonBody.js';

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
	let run = rules.runDefault;
	if (body['run'] !== undefined) {
		if (typeof body['run'] === 'boolean') run = body['run'];
		else errors.push({type: 'bool_type', loc: ['body', 'run'], msg: 'Input should be a valid boolean', input: body['run']});
	}
	return errors.length > 0 ? {errors} : {role, content, run};
}

function contentItem(item: Json, loc: Loc, errors: FieldError[]): ContentItem | null {
	if (!isObject(item)) {
		errors.push(objectError([...loc, 'TextContent'], item));
		return null;
	}
	const image = item['type'] === 'image';
	const model = image ? 'ImageContent' : 'TextContent';
	const allowed = image ? ['type', 'image_urls', 'cache_prompt'] : ['type', 'text', 'cache_prompt'];
	const before = errors.length;
	if (item['type'] !== undefined && item['type'] !== 'text' && item['type'] !== 'image') {
		errors.push(literalError([...loc, model, 'type'], ['text'], item['type']));
	}
	for (const key of Object.keys(item)) {
		if (!allowed.includes(key)) errors.push({type: 'extra_forbidden', loc: [...loc, model, key], msg: 'Extra inputs are not permitted', input: item[key]});
	}
	if (image) {
		const urls = item['image_urls'];
		if (!Array.isArray(urls) || urls.some(url => typeof url !== 'string')) {
			errors.push({type: urls === undefined ? 'missing' : 'list_type', loc: [...loc, model, 'image_urls'], msg: urls === undefined ? 'Field required' : 'Input should be a valid list', input: urls === undefined ? item : urls});
			return null;
		}
		return errors.length > before ? null : {type: 'image', image_urls: urls as string[]};
	}
	if (typeof item['text'] !== 'string') {
		errors.push(
			item['text'] === undefined
				? {type: 'missing', loc: [...loc, model, 'text'], msg: 'Field required', input: item}
				: {type: 'string_type', loc: [...loc, model, 'text'], msg: 'Input should be a valid string', input: item['text']},
		);
		return null;
	}
	return errors.length > before ? null : {type: 'text', text: item['text']};
}
