import type {FieldError} from '../errors.js';
import {pyListRepr} from '../ids.js';

/**
 * Python's text of what went wrong with an inbound socket frame, as `str(exc)` gives it in the
 * `ServerErrorEvent.detail` (§6.6): pydantic's `ValidationError` lines and Python `repr()`s.
 */

export function pyRepr(value: unknown): string {
	if (value === null || value === undefined) return 'None';
	if (value === true) return 'True';
	if (value === false) return 'False';
	if (typeof value === 'number') return String(value);
	if (typeof value === 'string') return pyListRepr([value]).slice(1, -1);
	if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
	return `{${Object.entries(value as Record<string, unknown>)
		.map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`)
		.join(', ')}}`;
}

function pyType(value: unknown): string {
	if (value === null || value === undefined) return 'NoneType';
	if (Array.isArray(value)) return 'list';
	if (typeof value === 'boolean') return 'bool';
	if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
	if (typeof value === 'string') return 'str';
	return 'dict';
}

/** `str(ValidationError)`: `N validation error(s) for Model`, then per error its location, message and input. */
export function validationText(model: string, errors: readonly FieldError[]): string {
	const lines = [`${errors.length} validation error${errors.length === 1 ? '' : 's'} for ${model}`];
	for (const e of errors) {
		const loc = e.loc.filter(part => part !== 'body').join('.');
		if (loc) lines.push(loc);
		lines.push(`  ${e.msg} [type=${e.type}, input_value=${pyRepr(e.input)}, input_type=${pyType(e.input)}]`);
		lines.push(`    For further information visit https://errors.pydantic.dev/2.12/v/${e.type}`);
	}
	return lines.join('\n');
}

/** Python's `json.loads` complaint about a frame that is no JSON (the common cases; others read alike). */
export function jsonDecodeText(text: string): string {
	const trimmed = text.trimStart();
	const at = text.length - trimmed.length;
	if (trimmed.startsWith('{')) return `Expecting property name enclosed in double quotes: line 1 column ${at + 2} (char ${at + 1})`;
	return `Expecting value: line 1 column ${at + 1} (char ${at})`;
}
