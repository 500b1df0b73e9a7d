// Issue 9 items 1-2 through the built app in a pty over real HTTP: credentials inside a spec's
// command and env are masked on screen, and the user's key echoed by a server (with a soft
// hyphen and a zero-width space hidden inside it) never reaches the terminal, in any byte.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startApp, waitForScreen} from '../support/appSession.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {faults} from '../support/faults.js';
import {buildOnce, type PtySession} from './pty.js';

const KEY = 'sk-oh-e2e-Zq8Xw3Rt6Yu1Io4Pa7Sd';
const DB_PASSWORD = 'pw-Vb8Nm2Kl5';
const CLI_KEY = 'cli-key-Qa1Ws2Ed3';
const GHP = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';
const HOOK = 'aB3dE6gH9jK2mN5pQ8sT1vW4';
// issue 21 item 3: families that passed the masker
const SSH_PASS = 'Ssh-Pa55-Qw8Er';
const AWS_SECRET = 'Kq8v/9XzR2pLm+4Tn7Wb1Yc6Hd0Jf5Ga3Se8Uq2V';
const NETRC_PASS = 'Netrc-Pa55-Zx4Cv';

const SPEC = {
	id: 'ghcr.io/acme/worker:1.2.3',
	command: ['/usr/bin/worker', '--api-key', CLI_KEY, `--db=postgres://u:${DB_PASSWORD}@h/db`, '--port', '8080'],
	created_at: '2025-11-15T09:12:04Z',
	initial_env: {
		DATABASE_URL: `postgres://app:${DB_PASSWORD}@db/app`,
		GH_PAT: GHP,
		SLACK_WEBHOOK_URL: `https://hooks.slack.com/services/T024BE7LD/B01234ABC/${HOOK}`,
		LOG_LEVEL: 'debug',
		DEPLOY_CMD: `sshpass -p ${SSH_PASS} ssh deploy@host`,
		AWS_CONFIG: `[default] aws_secret_access_key = ${AWS_SECRET}`,
		NETRC: `machine api.example.com login bot password ${NETRC_PASS}`,
	},
	working_dir: '/workspace/project',
};

let server: FaultServer;
let app: PtySession;

beforeAll(async () => {
	buildOnce();
	server = await startFaultServer({upstream: {bootMs: 0, apiKey: KEY}});
	await server.status(200, JSON.stringify({items: [SPEC], next_page_id: null}), 'application/json', {}, {path: '/api/v1/sandbox-specs/search'});
	// a proxy echoing the key back, hidden from a plain search by invisible characters
	const hidden = `${KEY.slice(0, 8)}\u00AD${KEY.slice(8, 16)}\u200B${KEY.slice(16)}`;
	await server.add(
		faults.status(500, JSON.stringify({detail: `upstream refused X-Session-API-Key ${hidden}`}), 'application/json'),
		{path: '/api/v1/sandboxes/search'},
	);
	// and a conversation title carrying it the same way: data, not an error, so only the UI's scrub
	// in `clean` stands between it and the screen
	const page = (await (await fetch(`${server.upstream.url}/api/v1/app-conversations/search?limit=1`, {headers: {'X-Session-API-Key': KEY}})).json()) as {
		items: Array<Record<string, unknown>>;
	};
	const conversation = {...page.items[0], title: `leaked ${hidden} here`};
	await server.add(faults.status(200, JSON.stringify({items: [conversation], next_page_id: null}), 'application/json'), {path: '/api/v1/app-conversations/search'});
	app = startApp({url: server.url, key: KEY});
	await app.waitForText('Sandboxes');
});

afterAll(async () => {
	app?.dispose();
	await server?.close();
});

describe('secrets on screen', () => {
	it('a spec command and env show their structure with every credential masked', async () => {
		app.press('4');
		await waitForScreen(app, s => s.includes('acme/worker'), 'the spec row');
		app.press('\r');
		const screen = await waitForScreen(app, s => s.includes('Initial env (7)'), 'the spec details');
		expect(screen).toContain(`--api-key •••• --db=postgres://u:••••@h/db --port 8080`);
		expect(screen).toMatch(/DATABASE_URL +postgres:\/\/app:••••@db\/app/);
		expect(screen).toMatch(/GH_PAT +••••/);
		expect(screen).toMatch(/SLACK_WEBHOOK_URL +••••/);
		expect(screen).toMatch(/LOG_LEVEL +debug/);
		expect(screen).toMatch(/DEPLOY_CMD +sshpass -p •••• ssh deploy@host/);
		expect(screen).toMatch(/AWS_CONFIG +\[default\] aws_secret_access_key = ••••/);
		for (const secret of [DB_PASSWORD, CLI_KEY, GHP, HOOK, SSH_PASS, AWS_SECRET, NETRC_PASS]) expect(app.raw).not.toContain(secret);
		app.press('\u001B');
	});

	it('the key echoed in an error detail is scrubbed after invisible characters are removed', async () => {
		app.press('3');
		const screen = await waitForScreen(app, s => s.includes('upstream refused'), 'the error line');
		expect(screen).toMatch(/upstream refused X-Session-API-Key (\*\*\*|••••)/);
		expect(app.raw).not.toContain(KEY);
		expect(app.raw).not.toContain(KEY.slice(16));
		expect(app.raw).not.toContain(KEY.slice(8, 16));
	});

	it('the key inside any server string (a title) is scrubbed by clean', async () => {
		app.press('2');
		const screen = await waitForScreen(app, s => s.includes('leaked'), 'the conversation row');
		expect(screen).toMatch(/leaked •••• here/);
		expect(app.raw).not.toContain(KEY.slice(16));
		expect(app.raw).not.toContain(KEY.slice(8, 16));
	});
});
