// Issue 27 item 14: a short API key was scrubbed inside any text, which gave it away (the key `k`:
// ohtui's own hint read "chec*** the API ***ey"; `test`: "date-parsing ••••" in a title). One scrub
// everywhere (text/knownSecrets.ts scrubKey): a key under 8 characters only where it stands as a
// token; a longer one wherever it appears. At start, one warning line says a key is that short.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {readEnv} from '../../source/config/env.js';
import {resolveConfig} from '../../source/config/resolveConfig.js';
import {makeError} from '../../source/api/errorText.js';
import {errorFromResponse} from '../../source/api/transport/errorFromResponse.js';
import {requestLine} from '../../source/api/transport/requestLog.js';
import {clearKnownSecrets, scrubKey, scrubKeys} from '../../source/text/knownSecrets.js';
import {clean} from '../../source/text/sanitize.js';
import {MASK, maskSecrets, registerKnownSecret} from '../../source/text/secrets.js';
import {hexId, startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {ohtui, tempHome, type Home} from '../commands/harness.js';

afterEach(() => clearKnownSecrets());

describe('a short key is scrubbed where it stands as a token', () => {
	it('in error messages (***): ohtui\'s own words stay whole, the key alone goes', () => {
		const error = makeError({operation: 'GET /api/v1/sandboxes/search', host: 'h', apiKey: 'k'}, {kind: 'unauthorized', message: 'check the API key (k was refused)'});
		expect(error.message).toBe('check the API key (*** was refused) (GET /api/v1/sandboxes/search)');
		expect(requestLine({at: new Date(0), method: 'GET', path: '/api/v1/app-conversations/search', query: undefined, status: 200, failed: null, ms: 3, bytes: 9, apiKey: 'ap'})).toBe(
			'1970-01-01T00:00:00.000Z GET /api/v1/app-conversations/search 200 3ms 9B',
		);
	});

	it("ohtui's own words in an error (the hint, the operation) stay whole when a short key is one of them (verify-secrets)", () => {
		// a refused key `key` read "check the API ***", `api` "(GET /***/conversations/search)": each said what the key was
		const refused = (apiKey: string, detail = '') =>
			errorFromResponse({operation: 'GET /api/conversations/search', host: 'h', apiKey}, {status: 401, headers: {}, text: detail}).message;
		for (const key of ['key', 'check', 'the', 'API', 'api', 'GET', 'search']) expect(refused(key), key).toBe('unauthorized (401): check the API key (GET /api/conversations/search)');
		// what the server said is still scrubbed of it
		expect(refused('key', JSON.stringify({detail: 'token key refused'}))).toBe('unauthorized (401): token *** refused; check the API key (GET /api/conversations/search)');
	});

	it("and they stay whole where the message is scrubbed once more: on screen (clean) and on stderr (maskSecrets)", () => {
		// before: the key `key` read "check the API ••••" on the status line and stderr, `api` "GET /••••/…"
		for (const key of ['key', 'api', 'GET', 'check']) {
			registerKnownSecret(key, {pinned: true});
			const said = errorFromResponse({operation: 'GET /api/conversations/search', host: 'h', apiKey: key}, {status: 401, headers: {}, text: JSON.stringify({detail: `bad ${key} here`})}).message;
			const expected = 'unauthorized (401): bad *** here; check the API key (GET /api/conversations/search)';
			expect([said, clean(said), maskSecrets(said)], key).toEqual([expected, expected, expected]);
			// elsewhere the key is scrubbed as before
			expect(clean(`the ${key} again`), key).toBe(`the ${MASK} again`);
			clearKnownSecrets();
		}
	});

	it('on screen (clean): inside a word, a path or an identifier it stays; as a token it goes', () => {
		registerKnownSecret('test', {pinned: true});
		expect(clean('fix date-parsing in test_api.py and the test-runner')).toBe('fix date-parsing in test_api.py and the test-runner');
		expect(clean('retesting contest')).toBe('retesting contest');
		expect(clean('key=test; "test" (test).')).toBe(`key=${MASK}; "${MASK}" (${MASK}).`);
	});

	it('a key of 8 characters or more goes wherever it appears, glued to anything', () => {
		const key = 'sk-oh-Ab3De6Gh9';
		expect(scrubKey(`x${key}${key}y`, key)).toBe(`x${MASK}${MASK}y`);
		expect(scrubKeys(`a ${key} b k c`, ['k', key], '***')).toBe('a *** b *** c');
	});

	it('one line at start says a key is too short to be hidden safely (config, so the app, doctor and the commands say it)', () => {
		const warnings: string[] = [];
		resolveConfig({flags: {url: 'http://127.0.0.1:3000'}, env: readEnv({OPENHANDS_API_KEY: 'test'}), file: null, filePath: '/c/ohtui/config.json'}, warnings);
		expect(warnings).toEqual(['the API key for 127.0.0.1:3000 is too short to hide safely (4 of 8 characters): ohtui hides it only where it stands alone']);
		// the key `key`: the warning itself read "the API •••• for …" on stderr and screen
		const own: string[] = [];
		resolveConfig({flags: {url: 'http://127.0.0.1:3000'}, env: readEnv({OPENHANDS_API_KEY: 'key'}), file: null, filePath: '/c/ohtui/config.json'}, own);
		registerKnownSecret('key', {pinned: true});
		expect(maskSecrets(own[0]!)).toBe('the API key for 127.0.0.1:3000 is too short to hide safely (3 of 8 characters): ohtui hides it only where it stands alone');
		const none: string[] = [];
		resolveConfig({flags: {url: 'http://127.0.0.1:3000'}, env: readEnv({OPENHANDS_API_KEY: 'sk-oh-long-enough'}), file: null, filePath: '/c/ohtui/config.json'}, none);
		expect(none).toEqual([]);
	});
});

describe('a short key, through a command and its log file', () => {
	let server: ConversationServer;
	let home: Home;
	beforeAll(async () => {
		server = await startConversationServer([{id: hexId(0xa), title: 'check the API key in test_api.py', status: 'idle'}]);
		home = tempHome();
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it('ls: the warning once on stderr, the title whole, the log lines whole', async () => {
		const log = join(home.dir, 'ohtui.log');
		const {code, out, err} = await ohtui(['ls', '--log', log], {env: {...home.env, OPENHANDS_URL: server.url, OPENHANDS_API_KEY: 'ap'}, columns: 200});
		expect(code).toBe(0);
		expect(err.match(/too short to hide safely \(2 of 8 characters\)/g)).toHaveLength(1);
		expect(out).toContain('check the API key in test_api.py');
		const lines = readFileSync(log, 'utf8');
		expect(lines).toContain('/api/v1/app-conversations/search');
		expect(lines).not.toContain('***');
	});
});
