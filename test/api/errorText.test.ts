import {describe, expect, it} from 'vitest';
import {retryAfterMs} from '../../source/api/transport/errorFromResponse.js';
import {makeError, oneLine, scrubSecret, seconds} from '../../source/api/errorText.js';
import {describeIssue} from '../../source/api/transport/parseBody.js';
import {flatSettingsSchema} from '../../source/api/index.js';

describe('error text helpers', () => {
	it('Retry-After: seconds, decimals, HTTP dates, garbage', () => {
		const now = Date.UTC(2025, 10, 15, 9, 0, 0);
		expect(retryAfterMs('3', now)).toBe(3000);
		expect(retryAfterMs(' 1.5 ', now)).toBe(1500);
		expect(retryAfterMs(new Date(now + 7000).toUTCString(), now)).toBe(7000);
		expect(retryAfterMs(new Date(now - 7000).toUTCString(), now)).toBe(0);
		expect(retryAfterMs('soon', now)).toBeUndefined();
		expect(retryAfterMs(undefined, now)).toBeUndefined();
	});

	it('scrubs raw, URL-encoded and JSON-escaped forms of the key', () => {
		const key = 'a+b/c"d\\e';
		expect(scrubSecret(`x ${key} y`, key)).toBe('x *** y');
		expect(scrubSecret(`x ${encodeURIComponent(key)} y`, key)).toBe('x *** y');
		expect(scrubSecret(`x ${JSON.stringify(key).slice(1, -1)} y`, key)).toBe('x *** y');
		expect(scrubSecret('nothing here', null)).toBe('nothing here');
	});

	it('a key cut in half by the length cap never leaks a prefix', () => {
		const key = 'K'.repeat(30) + 'secret';
		const error = makeError({operation: 'GET /x', host: 'h', apiKey: key}, {kind: 'server', message: `${'y'.repeat(185)}${key}`});
		expect(error.message).not.toContain('KKKKK');
		expect(error.message).toContain('***');
	});

	it('one line: controls, bidi overrides and whitespace runs are flattened; long text is cut', () => {
		expect(oneLine('a\u001b[31m\r\n\tb\u202Ec')).toBe('a [31m bc');
		const long = oneLine('z'.repeat(500));
		expect(long).toHaveLength(200);
		expect(long.endsWith('…')).toBe(true);
	});

	it('seconds formatting', () => {
		expect(seconds(15_000)).toBe('15 s');
		expect(seconds(100)).toBe('0.1 s');
		expect(seconds(1500)).toBe('1.5 s');
	});

	it('schema issues name the deepest field of a union (MCP entries accept a string or an object)', () => {
		const result = flatSettingsSchema.safeParse({mcp_config: {shttp_servers: [{url: 5}]}});
		expect(result.success).toBe(false);
		expect(describeIssue(result.error!.issues[0]!)).toBe('mcp_config.shttp_servers.0.url: expected string, received number');
	});
});
