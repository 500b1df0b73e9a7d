/**
 * Safe readers over an event's raw JSON (shared/openhands-api-newer.md 4.4). Legacy servers keep
 * null keys, agent servers >= 1.37 drop them, and anything may be malformed: every reader answers
 * null (or empty) instead of throwing, and none of them cleans (callers clean and mask).
 */
export type Raw = Record<string, unknown>;

export function obj(value: unknown): Raw | null {
	return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
}

export function str(value: unknown): string | null {
	return typeof value === 'string' ? value : null;
}

export function num(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function arr(value: unknown): readonly unknown[] {
	return Array.isArray(value) ? value : [];
}

/**
 * The text of a content list (TextContent / ImageContent, `llm/message.py`): texts joined by line
 * breaks, images as a placeholder. A bare string is taken as it is (older or unknown shapes).
 */
export function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	const parts: string[] = [];
	for (const item of arr(content)) {
		const part = obj(item);
		if (!part) continue;
		const text = str(part['text']);
		if (text !== null) parts.push(text);
		else if (part['type'] === 'image') parts.push(`[image${imageCount(part)}]`);
	}
	return parts.join('\n');
}

function imageCount(part: Raw): string {
	const n = arr(part['image_urls']).length;
	return n > 1 ? ` ×${n}` : '';
}

/** The nested action / observation's class name (`"kind":"TerminalAction"`). */
export function kindOf(value: unknown): string | null {
	return str(obj(value)?.['kind']);
}

/** Characters of one name-like field (kind, id, source, tool) shown at most. */
export const FIELD_CHARS = 500;

/**
 * A name-like field cut to what is worth showing, saying how long it was: a 300,000-character `kind`
 * or `id` must cost what a normal one does (issue 21 item 4). Raw: callers clean it.
 */
export function capField(value: string | null | undefined, max = FIELD_CHARS): string {
	if (!value) return '';
	return value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value;
}
