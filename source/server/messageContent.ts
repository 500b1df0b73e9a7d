/**
 * The SDK's message content models as the servers validate them (pydantic, lax mode): a start
 * request's initial message and a sent message carry the same TextContent / ImageContent items.
 */
import {type FieldError, literalError} from './errors.js';
import {isObject, type Json, type Loc, objectError} from './jsonBody.js';

/** pydantic's lax bool: true/false, 0/1 and the usual words; absent is false. */
export function parseBool(value: Json, loc: Loc, errors: FieldError[]): boolean {
	if (value === undefined) return false;
	if (typeof value === 'boolean') return value;
	if (value === 0 || value === 1) return value === 1;
	if (typeof value === 'string' && /^(true|false|1|0|yes|no|on|off|t|f|y|n)$/i.test(value)) {
		return /^(true|1|yes|on|t|y)$/i.test(value);
	}
	errors.push({type: 'bool_type', loc, msg: 'Input should be a valid boolean', input: value});
	return false;
}

/** One TextContent or ImageContent, `cache_prompt` first as the SDK models declare it; null (errors pushed) when invalid. */
export function parseContent(item: Json, loc: Loc, errors: FieldError[]): Record<string, unknown> | null {
	if (!isObject(item)) {
		errors.push(objectError([...loc, 'TextContent'], item));
		return null;
	}
	const image = item['type'] === 'image' || (item['type'] === undefined && 'image_urls' in item);
	const model = image ? 'ImageContent' : 'TextContent';
	const allowed = image ? ['type', 'image_urls', 'cache_prompt'] : ['type', 'text', 'cache_prompt'];
	const before = errors.length;
	if (item['type'] !== undefined && item['type'] !== 'text' && item['type'] !== 'image') {
		errors.push(literalError([...loc, model, 'type'], [image ? 'image' : 'text'], item['type']));
	}
	for (const key of Object.keys(item)) {
		if (!allowed.includes(key)) {
			errors.push({type: 'extra_forbidden', loc: [...loc, model, key], msg: 'Extra inputs are not permitted', input: item[key]});
		}
	}
	const cachePrompt = parseBool(item['cache_prompt'], [...loc, model, 'cache_prompt'], errors);
	if (image) {
		const urls = item['image_urls'];
		if (!Array.isArray(urls) || urls.some(url => typeof url !== 'string')) {
			errors.push(
				urls === undefined
					? {type: 'missing', loc: [...loc, model, 'image_urls'], msg: 'Field required', input: item}
					: {type: 'list_type', loc: [...loc, model, 'image_urls'], msg: 'Input should be a valid list', input: urls},
			);
			return null;
		}
		return errors.length > before ? null : {cache_prompt: cachePrompt, type: 'image', image_urls: urls};
	}
	if (typeof item['text'] !== 'string') {
		errors.push(
			item['text'] === undefined
				? {type: 'missing', loc: [...loc, model, 'text'], msg: 'Field required', input: item}
				: {type: 'string_type', loc: [...loc, model, 'text'], msg: 'Input should be a valid string', input: item['text']},
		);
		return null;
	}
	return errors.length > before ? null : {cache_prompt: cachePrompt, type: 'text', text: item['text']};
}
