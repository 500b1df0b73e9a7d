import type {Query} from '../types.js';

/** `?id=a&id=b`: arrays repeat the name, as FastAPI reads `list[...]` query parameters. */
export function buildQuery(query: Query | undefined): string {
	if (!query) return '';
	const params = new URLSearchParams();
	for (const [name, value] of Object.entries(query)) {
		if (value === null || value === undefined) continue;
		if (Array.isArray(value)) {
			for (const item of value as readonly (string | number)[]) params.append(name, String(item));
		} else {
			params.append(name, String(value));
		}
	}
	const text = params.toString();
	return text ? `?${text}` : '';
}
