import {randomBytes, randomInt, randomUUID} from 'node:crypto';

/** Alphabet of the `base62` package the real server uses (digits, upper, lower). */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function base62(bytes: Uint8Array): string {
	let n = 0n;
	for (const byte of bytes) n = (n << 8n) | BigInt(byte);
	if (n === 0n) return '0';
	let out = '';
	while (n > 0n) {
		out = ALPHABET[Number(n % 62n)] + out;
		n /= 62n;
	}
	return out;
}

/** Docker sandbox id: container name prefix + base62 of 16 random bytes (shared/openhands-api.md 1.4). */
export const SANDBOX_PREFIX = 'oh-agent-server-';
export const newSandboxId = (): string => SANDBOX_PREFIX + base62(randomBytes(16));

/** Docker/process session key: base62 of 32 random bytes (1.4). */
export const newSessionKey = (): string => base62(randomBytes(32));

/** Conversation / start-task ids serialize as 32 lowercase hex chars (OpenHandsUUID, 1.4). */
export const newHexId = (): string => randomUUID().replaceAll('-', '');

/** A free-looking host port, as Docker maps container ports to random host ports (4.1). */
export const randomPort = (): number => randomInt(32768, 61000);

/** The 32-hex form as Python's `str(UUID)` prints it, in `detail` texts and ids that keep the dashes. */
export const dashedUuid = (hex: string): string =>
	`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

const HEX = /^[0-9a-f]{32}$/i;
const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Parses a UUID the way pydantic does (simple, hyphenated, braced, `urn:uuid:`); returns the 32-hex
 * form or the uuid crate's error text (used in 422 `uuid_parsing` bodies, 1.7).
 */
export function parseUuid(input: string): {hex: string} | {error: string} {
	let text = input;
	if (/^urn:uuid:/i.test(text)) text = text.slice(9);
	else if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1);
	if (HEX.test(text) || DASHED.test(text)) return {hex: text.replaceAll('-', '').toLowerCase()};
	for (let i = 0; i < input.length; i++) {
		const ch = input[i]!;
		if (!/[0-9a-fA-F-]/.test(ch)) return {error: `invalid character: found \`${ch}\` at ${i + 1}`};
	}
	if (text.includes('-')) {
		const groups = text.split('-');
		const lengths = [8, 4, 4, 4, 12];
		if (groups.length !== 5) return {error: `invalid group count: expected 5, found ${groups.length}`};
		const bad = groups.findIndex((group, i) => group.length !== lengths[i]);
		return {error: `invalid group length in group ${bad}: expected ${lengths[bad]}, found ${groups[bad]?.length}`};
	}
	return {error: `invalid length: expected length 32 for simple format, found ${text.length}`};
}

/**
 * Python's `UUID(text)` as current handlers call it on `str` parameters (newer doc 7.1, 8.1): `urn:`
 * and `uuid:` removed, braces stripped, dashes dropped anywhere, then 32 hex digits. Null when invalid.
 */
export function pyUuid(text: string): string | null {
	const hex = text.replaceAll('urn:', '').replaceAll('uuid:', '').replace(/^[{}]+|[{}]+$/g, '').replaceAll('-', '');
	return HEX.test(hex) ? hex.toLowerCase() : null;
}

/** Python's `repr()` of a list of strings, as f-strings print it in `detail` texts: `['a', "it's"]`. */
export function pyListRepr(items: readonly string[]): string {
	const repr = (s: string) => {
		const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
		const body = s.replace(/\\/g, '\\\\').replace(/[\u0000-\u001f\u007f]/g, c => {
			const named: Record<string, string> = {'\n': '\\n', '\r': '\\r', '\t': '\\t'};
			return named[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
		});
		return quote + (quote === "'" ? body.replaceAll("'", "\\'") : body) + quote;
	};
	return `[${items.map(repr).join(', ')}]`;
}
