import type {FieldError} from './errors.js';

export type Json = unknown;
export type Loc = (string | number)[];

export const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Pydantic's error for a model given something that is not a dict (1.7). */
export const objectError = (loc: Loc, input: Json): FieldError => ({
	type: 'model_attributes_type',
	loc,
	msg: 'Input should be a valid dictionary or object to extract fields from',
	input,
});

/**
 * A request body as FastAPI hands it to a pydantic model (1.7): none → `missing`, unparsable JSON →
 * `json_invalid` (with the parser's message), anything but an object → `model_attributes_type`.
 * `asJson` false: FastAPI only parses a body sent as JSON; other text reaches the model as a string.
 */
export function readJsonObject(raw: string | null, asJson = true): {body: Record<string, Json>} | {errors: FieldError[]} {
	if (raw === null || raw.length === 0) return {errors: [{type: 'missing', loc: ['body'], msg: 'Field required', input: null}]};
	let body: Json = raw;
	if (asJson) {
		try {
			body = JSON.parse(raw);
		} catch (error) {
			const reason = error instanceof Error ? error.message : 'Expecting value';
			return {errors: [{type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {}, ctx: {error: reason}}]};
		}
	}
	return isObject(body) ? {body} : {errors: [objectError(['body'], body)]};
}
