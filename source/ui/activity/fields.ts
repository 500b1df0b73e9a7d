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
