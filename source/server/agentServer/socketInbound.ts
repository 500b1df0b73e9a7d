import type {FieldError} from '../errors.js';
import type {ContentItem} from '../events/model.js';
import {parseMessageBody} from '../agent/messageBody.js';
import {jsonDecodeText, validationText} from './pyErrors.js';

/**
 * One frame a client sent after auth (`sockets.py`, §6.6): a JSON `Message` is stored and runs the
 * agent; an auth frame is ignored; anything else is answered with the exception's class name and
 * text (the caller sends them as a `ServerErrorEvent`, since v1.16). Returns null when all went well.
 */
export function inbound(text: string, binary: boolean, say: (content: ContentItem[]) => void): {code: string; detail: string} | null {
	// `receive_json()` reads the frame's text: a binary frame has none
	if (binary) return {code: 'KeyError', detail: "'text'"};
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return {code: 'JSONDecodeError', detail: jsonDecodeText(text)};
	}
	const isDict = typeof data === 'object' && data !== null && !Array.isArray(data);
	if (isDict && (data as Record<string, unknown>)['type'] === 'auth') return null;
	if (!isDict) {
		const error: FieldError = {type: 'model_type', loc: [], msg: 'Input should be a valid dictionary or instance of Message', input: data};
		return {code: 'ValidationError', detail: validationText('Message', [error])};
	}
	const {run: _run, ...message} = data as Record<string, unknown>;
	const errors: FieldError[] = [];
	// `role` has no default on `Message` (unlike the REST body)
	if (message['role'] === undefined) errors.push({type: 'missing', loc: ['role'], msg: 'Field required', input: data});
	const parsed = parseMessageBody(JSON.stringify(message), {roles: ['user', 'system', 'assistant', 'tool'], runDefault: true, minContent: 0});
	if ('errors' in parsed) errors.push(...parsed.errors);
	if (errors.length > 0) return {code: 'ValidationError', detail: validationText('Message', errors)};
	if ('errors' in parsed) return null;
	if (parsed.role !== 'user') return {code: 'AssertionError', detail: 'Only user messages are allowed to be sent to the agent.'};
	say(parsed.content);
	return null;
}
