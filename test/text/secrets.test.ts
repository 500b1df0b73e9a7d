// Issue 9 items 1-2: the masking rules on a corpus of secret shapes and of ordinary values.
import {afterEach, describe, expect, it} from 'vitest';
import {clearKnownSecrets} from '../../source/text/knownSecrets.js';
import {clean} from '../../source/text/sanitize.js';
import {MASK, isSecretName, maskArgv, maskEnvValue, maskSecrets, maskUrlSecrets, registerKnownSecret} from '../../source/text/secrets.js';

// Fake credentials in the shapes real ones take (none of them is live).
const GHP = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';
const GH_PAT = 'github_pat_11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789abcdefGHIJKLmnop';
const XOXB = 'xoxb-2401234567-5678901234567-AbCdEfGhIjKlMnOpQrStUvWx';
const XOXP = 'xoxp-1234-5678-9012-abcdef123456';
const SK = 'sk-proj-Q3v9XbN2kLm8Pz4Rt7Wc1Yd6Hf0Js5Ga';
const SK_ANT = 'sk-ant-api03-Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8Pw2Er9Ty';
const SK_AK = 'sk-ak-7f3b9c2d1e8a4f6b5c0d9e2f1a3b4c5d';
const AKIA = 'AKIAIOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const GOOGLE = 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY';
const GLPAT = 'glpat-xY7zQ9vR2kP4mN8wL3tB';
const HF = 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const NPM = 'npm_Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2Yz';
const STRIPE = 'sk_live_51H8xYzAbCdEfGhIjKlMnOpQr';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const LINEAR = 'lin_api_Xy7Zq9Vr2Kp4Mn8Wl3Tb5Hd';
const TAVILY = 'tvly-dev-Ab12Cd34Ef56Gh78Ij90';
const SESSION_KEY = 'Yx9Kq2Lm8Nb4Vc7Xz1As3Df6Gh0Jk5Lq8Pw2Er9TyU3';
const SLACK_HOOK_SECRET = 'aB3dE6gH9jK2mN5pQ8sT1vW4';
const SENTRY_KEY = '3f8a9b2c1d4e5f60718293a4b5c6d7e8';
const PLAIN = 'hunter2-correct-horse';

type Case = [what: string, render: () => string, secret: string];

// At least 40 shapes, each shown through the function a view uses for it.
const SECRETS: Case[] = [
	['MCP arg -e NAME=ghp_', () => maskArgv(['run', '-i', '--rm', '-e', `GITHUB_PERSONAL_ACCESS_TOKEN=${GHP}`, 'ghcr.io/github/github-mcp-server']), GHP],
	['MCP arg --header Authorization: Bearer', () => maskArgv(['mcp-remote', 'https://x.example/mcp', '--header', `Authorization: Bearer ${PLAIN}`]), PLAIN],
	['MCP arg --config JSON', () => maskArgv(['server', '--config', `{"apiKey":"${PLAIN}","region":"eu"}`]), PLAIN],
	['MCP arg sh -c NAME=xoxb', () => maskArgv(['sh', '-c', `SLACK_BOT_TOKEN=${XOXB} exec slack-mcp`]), XOXB],
	['MCP arg postgres URL', () => maskArgv(['postgres-mcp', `postgresql://admin:${PLAIN}@db/prod`]), PLAIN],
	['MCP url ?tavilyApiKey=', () => maskUrlSecrets(`https://mcp.tavily.com/mcp/?tavilyApiKey=${PLAIN}`), PLAIN],
	['MCP url ?x-api-key=', () => maskUrlSecrets(`https://mcp.example.com/sse?x-api-key=${PLAIN}&region=eu`), PLAIN],
	['MCP url &client_secret=', () => maskUrlSecrets(`https://mcp.example.com/sse?client_id=abc&client_secret=${PLAIN}`), PLAIN],
	['MCP url &token2=', () => maskUrlSecrets(`https://mcp.example.com/sse?a=1&token2=${PLAIN}`), PLAIN],
	['MCP url key as path segment', () => maskUrlSecrets(`https://mcp.example.com/mcp/${SK_AK}/sse`), SK_AK],
	['LLM base url ?api-key=', () => maskUrlSecrets(`https://llm.example.com/v1?api-key=${PLAIN}`), PLAIN],
	['spec command --api-key VALUE', () => maskArgv(['python', 'serve.py', '--api-key', PLAIN, '--port', '8080']), PLAIN],
	['spec command --db=postgres://u:pw@h', () => maskArgv(['app', `--db=postgres://u:${PLAIN}@h/db`]), PLAIN],
	['spec env DATABASE_URL', () => maskEnvValue('DATABASE_URL', `postgres://app:${PLAIN}@db/app`), PLAIN],
	['spec env SENTRY_DSN', () => maskEnvValue('SENTRY_DSN', `https://${SENTRY_KEY}@o123.ingest.sentry.io/42`), SENTRY_KEY],
	['spec env SLACK_WEBHOOK_URL', () => maskEnvValue('SLACK_WEBHOOK_URL', `https://hooks.slack.com/services/T024BE7LD/B01234ABC/${SLACK_HOOK_SECRET}`), SLACK_HOOK_SECRET],
	['webhook URL under an ordinary name', () => maskEnvValue('NOTIFY_URL', `https://hooks.slack.com/services/T024BE7LD/B01234ABC/${SLACK_HOOK_SECRET}`), SLACK_HOOK_SECRET],
	['spec env GH_PAT', () => maskEnvValue('GH_PAT', GHP), GHP],
	['env DB_PASS', () => maskEnvValue('DB_PASS', PLAIN), PLAIN],
	['env camelCase apiKey', () => maskEnvValue('openaiApiKey', PLAIN), PLAIN],
	['env AWS_SECRET_ACCESS_KEY', () => maskEnvValue('AWS_SECRET_ACCESS_KEY', AWS_SECRET), AWS_SECRET],
	['env value shaped AKIA under an ordinary name', () => maskEnvValue('AWS_ID', AKIA), AKIA],
	['env value shaped sk- under an ordinary name', () => maskEnvValue('MODEL_CONFIG', SK), SK],
	['free text sk-ant-', () => maskSecrets(`using key ${SK_ANT} for claude`), SK_ANT],
	['free text github_pat_', () => maskSecrets(`clone failed with ${GH_PAT}`), GH_PAT],
	['free text xoxp-', () => maskSecrets(`slack said ${XOXP} is revoked`), XOXP],
	['free text AIza', () => maskSecrets(`maps key ${GOOGLE}`), GOOGLE],
	['free text glpat-', () => maskSecrets(`token ${GLPAT} expired`), GLPAT],
	['free text hf_', () => maskSecrets(`HF ${HF}`), HF],
	['free text npm_', () => maskSecrets(`//registry.npmjs.org/:_authToken=${NPM}`), NPM],
	['free text Stripe sk_live_', () => maskSecrets(`charge with ${STRIPE}`), STRIPE],
	['free text JWT', () => maskSecrets(`cookie jwt ${JWT} sent`), JWT],
	['free text lin_api_', () => maskSecrets(`linear ${LINEAR}`), LINEAR],
	['free text tvly-', () => maskSecrets(`tavily ${TAVILY}`), TAVILY],
	['free text long random run', () => maskSecrets(`session ${SESSION_KEY} active`), SESSION_KEY],
	['free text Authorization header', () => maskSecrets(`401 with Authorization: Basic ${Buffer.from(`u:${PLAIN}`).toString('base64')}`), Buffer.from(`u:${PLAIN}`).toString('base64')],
	['free text bare Bearer', () => maskSecrets(`proxy echoed Bearer ${PLAIN}`), PLAIN],
	['free text password=', () => maskSecrets(`login password=${PLAIN} rejected`), PLAIN],
	['free text JSON member', () => maskSecrets(`body {"client_secret": "${PLAIN}", "ok": false}`), PLAIN],
	['free text single-quoted member', () => maskSecrets(`{'access_token': '${PLAIN}'}`), PLAIN],
	['free text header X-Api-Key', () => maskSecrets(`sent X-Api-Key: ${PLAIN} to upstream`), PLAIN],
	['free text --token VALUE', () => maskSecrets(`gh auth login --token ${PLAIN}`), PLAIN],
	['free text URL userinfo', () => maskSecrets(`cannot reach redis://default:${PLAIN}@cache:6379`), PLAIN],
	['free text URL ?sig=', () => maskSecrets(`upload to https://acct.blob.core.windows.net/c/f?sv=2020&sig=${PLAIN}`), PLAIN],
	['free text URL #access_token=', () => maskSecrets(`redirect https://app.example/cb#access_token=${PLAIN}&x=1`), PLAIN],
	['sandbox url ?tkn=', () => maskUrlSecrets(`http://localhost:41877/?tkn=${SESSION_KEY}&folder=/workspace/project`), SESSION_KEY],
	['private key block', () => maskSecrets(`-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA ${PLAIN} -----END OPENSSH PRIVATE KEY-----`), PLAIN],
	['argv value of --password', () => maskArgv(['mysql', '--password', PLAIN]), PLAIN],
	['argv NAME=value with quotes', () => maskArgv(['env', `API_TOKEN="${PLAIN}"`, 'run']), PLAIN],
	// only a state field's name passes as a `key`
	['JSON "key" member', () => maskSecrets(`{"key": "${PLAIN}"}`), PLAIN],
	['key: value', () => maskSecrets(`key: ${PLAIN}`), PLAIN],
	['JSON "key" member, a state name inside a longer value', () => maskSecrets(`{"key": "stats-${PLAIN}"}`), PLAIN],
];

// Ordinary values that must come through as they are.
const ORDINARY: Array<[render: () => string, expected: string]> = [
	[() => maskSecrets('ghcr.io/openhands/agent-server:4e2ecd8-python'), 'ghcr.io/openhands/agent-server:4e2ecd8-python'],
	[() => maskSecrets('anthropic/claude-sonnet-4-5-20250929'), 'anthropic/claude-sonnet-4-5-20250929'],
	[() => maskSecrets('litellm_proxy/openai/gpt-5-2025-08-07'), 'litellm_proxy/openai/gpt-5-2025-08-07'],
	[() => maskArgv(['python', '-m', 'http.server', '--port', '8080']), 'python -m http.server --port 8080'],
	[() => maskArgv(['npx', '-y', '@modelcontextprotocol/server-filesystem', '/workspace/project']), 'npx -y @modelcontextprotocol/server-filesystem /workspace/project'],
	[() => maskSecrets('/home/openhands/.cache/uv/archive-v0/Xk2/lib/python3.12/site-packages'), '/home/openhands/.cache/uv/archive-v0/Xk2/lib/python3.12/site-packages'],
	[() => maskUrlSecrets('https://mcp.linear.app/sse'), 'https://mcp.linear.app/sse'],
	[() => maskUrlSecrets('https://api.github.com/repos/octo/hello/pulls?state=open&per_page=100'), 'https://api.github.com/repos/octo/hello/pulls?state=open&per_page=100'],
	[() => maskUrlSecrets('http://localhost:8000/api/conversations/558e7a1c9f0b4d2e8a3b6c5d4e3f0389'), 'http://localhost:8000/api/conversations/558e7a1c9f0b4d2e8a3b6c5d4e3f0389'],
	[() => maskUrlSecrets('http://127.0.0.1:3000/api/v1/sandboxes/oh-agent-server-5fQ2xAbCdEfGhIjKlMnOpQ'), 'http://127.0.0.1:3000/api/v1/sandboxes/oh-agent-server-5fQ2xAbCdEfGhIjKlMnOpQ'],
	[() => maskSecrets('oh-agent-server-5fQ2xAbCdEfGhIjKlMnOpQ'), 'oh-agent-server-5fQ2xAbCdEfGhIjKlMnOpQ'],
	[() => maskSecrets('commit 4e2ecd8f1b2c3d4e5f60718293a4b5c6d7e8f901 on main'), 'commit 4e2ecd8f1b2c3d4e5f60718293a4b5c6d7e8f901 on main'],
	[() => maskEnvValue('PATH', '/usr/local/sbin:/usr/local/bin:/usr/bin'), '/usr/local/sbin:/usr/local/bin:/usr/bin'],
	[() => maskEnvValue('PWD', '/workspace/project'), '/workspace/project'],
	[() => maskEnvValue('LOG_LEVEL', 'debug'), 'debug'],
	[() => maskEnvValue('KEYBOARD_LAYOUT', 'us'), 'us'],
	[() => maskEnvValue('AUTHOR_NAME', 'Ada Lovelace'), 'Ada Lovelace'],
	[() => maskSecrets('network error: connection reset'), 'network error: connection reset'],
	[() => maskSecrets('server error (500): Internal Server Error'), 'server error (500): Internal Server Error'],
	[() => maskSecrets('WAITING_FOR_SANDBOX octo/hello@main'), 'WAITING_FOR_SANDBOX octo/hello@main'],
	[() => maskSecrets('ThisIsAVeryLongCamelCaseIdentifierName2024'), 'ThisIsAVeryLongCamelCaseIdentifierName2024'],
	[() => maskSecrets('https://github.com/octo/hello/pull/42#issuecomment-1234567'), 'https://github.com/octo/hello/pull/42#issuecomment-1234567'],
	[() => maskSecrets('ssh://git@github.com/octo/hello.git'), 'ssh://git@github.com/octo/hello.git'],
	[() => maskSecrets('2025-11-15T09:12:04Z started in 12:30 minutes'), '2025-11-15T09:12:04Z started in 12:30 minutes'],
	[() => maskSecrets('task-runner desk-top risk-free'), 'task-runner desk-top risk-free'],
	// a state update's `key` names the state field it changed (issue 26 item 17)
	[() => maskSecrets('"key": "execution_status",'), '"key": "execution_status",'],
	[() => maskSecrets('key: last_user_message_id'), 'key: last_user_message_id'],
	[() => maskSecrets('{"key":"stats","value":{}}'), '{"key":"stats","value":{}}'],
	[() => maskSecrets('key=full_state'), 'key=full_state'],
];

afterEach(() => {
	clearKnownSecrets();
});

describe('masking by structure and by shape', () => {
	it(`masks all ${SECRETS.length} secret shapes`, () => {
		expect(SECRETS.length).toBeGreaterThanOrEqual(40);
		const leaks = SECRETS.map(([what, render, secret]) => ({what, shown: render(), secret})).filter(
			({shown, secret}) => shown.includes(secret) || !shown.includes(MASK) || shown.includes(secret.slice(-8)),
		);
		expect(leaks).toEqual([]);
	});

	it(`keeps ${ORDINARY.length} ordinary values readable`, () => {
		expect(ORDINARY.length).toBeGreaterThanOrEqual(20);
		expect(ORDINARY.map(([render]) => render())).toEqual(ORDINARY.map(([, expected]) => expected));
	});

	it('keeps what is not secret around a masked value', () => {
		expect(maskArgv(['run', '-e', `GITHUB_PERSONAL_ACCESS_TOKEN=${GHP}`, 'img'])).toBe(`run -e GITHUB_PERSONAL_ACCESS_TOKEN=${MASK} img`);
		expect(maskArgv(['--header', `Authorization: Bearer ${PLAIN}`])).toBe(`--header "Authorization: Bearer ${MASK}"`);
		expect(maskUrlSecrets(`postgresql://admin:${PLAIN}@db/prod`)).toBe(`postgresql://admin:${MASK}@db/prod`);
		expect(maskUrlSecrets(`https://mcp.example.com/sse?x-api-key=${PLAIN}&region=eu`)).toBe(`https://mcp.example.com/sse?x-api-key=${MASK}&region=eu`);
		expect(maskSecrets(`key ${SK_ANT}`)).toBe(`key sk-${MASK}`);
		expect(maskEnvValue('GH_PAT', '')).toBe('');
	});

	it('judges names by their words, not by substrings', () => {
		for (const name of ['GITHUB_PERSONAL_ACCESS_TOKEN', 'GH_PAT', 'SENTRY_DSN', 'tavilyApiKey', 'x-api-key', 'client_secret', 'token2', '--api-key', 'DB_PASSWD', 'X-Amz-Signature', 'SLACK_WEBHOOK_URL', 'apikey', 'OPENAI_APIKEY']) {
			expect(isSecretName(name), name).toBe(true);
		}
		for (const name of ['PATH', 'PWD', 'KEYBOARD', 'AUTHOR', 'PASSTHROUGH', 'BYPASS_CACHE', 'pattern', 'region', '--port', 'DATABASE_URL']) {
			expect(isSecretName(name), name).toBe(false);
		}
	});

	it('cleans before masking: escapes and control characters never survive', () => {
		expect(maskSecrets(`\u001B[31mpassword=${PLAIN}\u0007`)).toBe(`password=${MASK}`);
		expect(maskArgv(['a\nb', `--token=\u001B]0;x\u0007${PLAIN}`])).toBe(`"a b" --token=${MASK}`);
	});
});

describe('the user key is scrubbed from every cleaned string (item 2)', () => {
	const key = 'sk-oh-Ab3De6Gh9Jk2Mn5Pq8';

	it('in plain text, URL-encoded and JSON-escaped, through clean itself', () => {
		registerKnownSecret(key);
		expect(clean(`start failed: upstream said key ${key} invalid`)).toBe(`start failed: upstream said key ${MASK} invalid`);
		expect(clean(`GET /x?k=${encodeURIComponent('a/b+c')}`)).toBe('GET /x?k=a%2Fb%2Bc');
		registerKnownSecret('a/b+c==');
		expect(clean(`GET /x?k=${encodeURIComponent('a/b+c==')}`)).toBe(`GET /x?k=${MASK}`);
	});

	it('after invisible characters are removed: a soft hyphen or zero-width space inside the key', () => {
		registerKnownSecret(key);
		const hidden = `${key.slice(0, 6)}\u00AD${key.slice(6, 12)}\u200B${key.slice(12)}`;
		expect(clean(`detail: ${hidden}`)).toBe(`detail: ${MASK}`);
		expect(clean(`detail: ${key.slice(0, 5)}\u001B[0m${key.slice(5)}`)).toBe(`detail: ${MASK}`);
		expect(maskSecrets(`x ${hidden}`)).not.toContain(key.slice(-6));
	});

	it('a key under 8 characters only as a whole token', () => {
		registerKnownSecret('work');
		expect(clean('network error; work failed')).toBe(`network error; ${MASK} failed`);
		expect(clean('homework')).toBe('homework');
	});
});

describe('views use the rules', () => {
	it('a start task error detail, a conversation url and a sandbox url are masked', async () => {
		const {startTaskLine, conversationEntries} = await import('../../source/ui/views/conversationParts.js');
		const {sandboxEntries} = await import('../../source/ui/views/sandboxParts.js');
		const {startTask, conversation, sandbox, NOW} = await import('../ui/fixtures.js');
		const line = startTaskLine(startTask({status: 'ERROR', detail: `proxy said: 401 for Authorization: Bearer ${PLAIN} at https://llm.example/v1?api-key=${PLAIN}`}), undefined, NOW);
		expect(line).toContain('Authorization: Bearer ••••');
		expect(line).not.toContain(PLAIN);
		const entries = conversationEntries(conversation({conversation_url: `https://oh.example/api/conversations/x?session_api_key=${PLAIN}`}), NOW);
		expect(JSON.stringify(entries)).not.toContain(PLAIN);
		const sandboxText = JSON.stringify(sandboxEntries({...sandbox({exposed_urls: [{name: 'VSCODE', url: `http://h:1/?tkn=${PLAIN}`, port: 1}]}), server: 'local'}, NOW, undefined));
		expect(sandboxText).toContain('tkn=••••');
		expect(sandboxText).not.toContain(PLAIN);
	});
});
