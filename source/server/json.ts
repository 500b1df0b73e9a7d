/**
 * Python-flavoured JSON output: FastAPI renders floats the Python way (`0.0`, not `0`) and uses compact
 * separators with non-ASCII left as is (shared/openhands-api.md 1.2). Wrap float fields in `float()`.
 */
export class PyFloat {
	constructor(readonly value: number) {}
}

export const float = (value: number): PyFloat => new PyFloat(value);

function floatText(value: number): string {
	if (!Number.isFinite(value)) return 'null';
	if (Number.isInteger(value) && Math.abs(value) < 1e16) return `${value}.0`;
	// Python pads exponents to two digits: 1.5e-07, JavaScript writes 1.5e-7
	return String(value).replace(/e([+-])(\d)$/, 'e$10$2');
}

export function toJson(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (value instanceof PyFloat) return floatText(value.value);
	switch (typeof value) {
		case 'string':
			return JSON.stringify(value);
		case 'number':
			return Number.isFinite(value) ? String(value) : 'null';
		case 'boolean':
			return value ? 'true' : 'false';
		case 'object': {
			if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
			const parts: string[] = [];
			for (const [key, item] of Object.entries(value)) {
				if (item !== undefined) parts.push(`${JSON.stringify(key)}:${toJson(item)}`);
			}
			return `{${parts.join(',')}}`;
		}
		default:
			return 'null';
	}
}
