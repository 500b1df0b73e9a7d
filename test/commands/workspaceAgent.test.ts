// The workspace commands against the agent-server stand-in (issue 28 items 1-3), real HTTP and the
// bash events socket: `ohtui diff` applied by the system's git to the committed files gives the
// working tree byte for byte; `exec` streams and exits with the command's code; `cp` round-trips
// bytes; `trajectory` writes the ZIP.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {differences, gitApply} from '../support/gitApply.js';
import {ohtuiBytes} from './workspaceHarness.js';
import {tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-agent-Ws7Lk2Pq9Zx4';

let agent: AgentServerStandIn;
let home: Home;
let env: Record<string, string>;
let id: string;
let dir: string;
let local: string;

const run = (argv: string[], options: {tty?: boolean; stdin?: Buffer; signal?: AbortSignal; env?: Record<string, string>} = {}) => ohtuiBytes(argv, {...options, env: {...env, ...options.env}});
const paths = () => agent.requests.map(r => `${r.method} ${r.path}`);

beforeAll(async () => {
	agent = await startAgentServerStandIn({apiKey: KEY, live: false, stepMs: 5});
	home = tempHome();
	env = {...home.env, OPENHANDS_URL: agent.url, OPENHANDS_API_KEY: KEY};
	const list = JSON.parse((await run(['ls', '--json'])).text) as {id: string; title: string; working_dir: string}[];
	const c = list.find(item => item.title.startsWith('Add dark mode toggle'))!;
	id = c.id;
	dir = c.working_dir;
	local = mkdtempSync(join(tmpdir(), 'ohtui-cp-'));
});
afterAll(async () => {
	await agent.close();
	home.remove();
	rmSync(local, {recursive: true, force: true});
});

describe('ohtui diff against an agent server', () => {
	it('writes the server’s own patch; git apply brings the work over byte for byte (new, deleted, moved, binary, CRLF, no final newline)', async () => {
		agent.clearRequests();
		const got = await run(['diff', id.slice(0, 8)]);
		expect([got.code, got.err]).toEqual([0, '']);
		expect(paths()).toContain('GET /api/file/archive');
		const checkout = agent.checkout(dir)!;
		const applied = gitApply(checkout.base, got.out);
		if ('error' in applied) throw new Error(applied.error);
		expect(differences(applied.files, checkout.tree)).toEqual([]);
		// one file only: the others stay as they were
		const one = await run(['diff', id, 'docs/SETTINGS.md']);
		const only = gitApply(checkout.base, one.out);
		if ('error' in only) throw new Error(only.error);
		expect(differences(only.files, checkout.base)).toEqual(['docs/SETTINGS.md']);
		expect(only.files.get('docs/SETTINGS.md')!.equals(checkout.tree.get('docs/SETTINGS.md')!)).toBe(true);
		const none = await run(['diff', id, 'no/such/file']);
		expect([none.code, none.out.length, none.err]).toEqual([0, 0, 'ohtui diff: no change at no/such/file\n']);
	});

	it('--stat: git’s summary, a move as {old => new}, binary files with their sizes', async () => {
		const got = await run(['diff', id, '--stat']);
		expect(got.code).toBe(0);
		expect(got.text).toMatch(/^ src\/styles\/\{colors\.css => tokens\/colors\.css\} +\| +0$/m);
		expect(got.text).toMatch(/^ public\/icons\/moon\.png +\| Bin 0 -> 78 bytes$/m);
		expect(got.text).toMatch(/^ public\/favicon\.ico +\| Bin 20 -> 22 bytes$/m);
		expect(got.text).toMatch(/^ docs\/SETTINGS\.md +\| +3 \+\+-$/m);
		expect(got.text).toMatch(/^ \d+ files changed, \d+ insertions\(\+\), \d+ deletions\(-\)\n$/m);
	});

	it('to a terminal: git’s colours, binary files named (no base85), escape sequences in the files cleaned, secrets masked', async () => {
		writeFileSync(join(local, 'evil.txt'), 'title \x1b]0;pwned\x07 here\nAPI_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n');
		expect((await run(['cp', join(local, 'evil.txt'), `${id}:evil.txt`])).code).toBe(0);
		const got = await run(['diff', id], {tty: true, env: {TERM: 'xterm-256color'}});
		expect([got.code, got.err]).toEqual([0, '']);
		expect(got.text).toContain('\x1b[32m+');
		expect(got.text).toContain('\x1b[36m@@ ');
		expect(got.text).toContain('Binary files a/public/favicon.ico and b/public/favicon.ico differ');
		expect(got.text).not.toContain('GIT binary patch');
		expect(got.text).not.toContain('\x1b]0;');
		expect(got.text).toContain('+title  here');
		expect(got.text).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
		const plain = await run(['diff', id, 'evil.txt'], {tty: true, env: {TERM: 'xterm', NO_COLOR: '1'}});
		expect(plain.text).not.toContain('\x1b[');
	});

	it('to a terminal: a private key added over several lines is masked as a whole; a line with a carriage return keeps its +', async () => {
		// verify27: each line was masked alone, and a key's first body line (base64 of text) showed whole
		const body = ['b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 'QyNTUxOQAAACDx5Y9M0Wm1nYt0uQ8xXvR2m5KkS0a1hP4E7JxkQm9GZgAAAJgR3kq0Ed5K'];
		writeFileSync(join(local, 'key.txt'), `before\n-----BEGIN OPENSSH PRIVATE KEY-----\n${body.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\nprogress 10%\rprogress 100%\nafter\n`);
		expect((await run(['cp', join(local, 'key.txt'), `${id}:key.txt`])).code).toBe(0);
		for (const env of [{TERM: 'xterm-256color'}, {TERM: 'xterm', NO_COLOR: '1'}] as Record<string, string>[]) {
			const got = await run(['diff', id, 'key.txt'], {tty: true, env});
			expect([got.code, got.err]).toEqual([0, '']);
			const text = got.text.replace(/\x1b\[[0-9;]*m/g, '');
			for (const line of body) expect(text).not.toContain(line.slice(0, 16));
			expect(text).toContain('+-----BEGIN OPENSSH PRIVATE KEY----- ••••\n+-----END OPENSSH PRIVATE KEY-----\n');
			expect(text).toContain('+progress 100%\n+after\n');
		}
	});
});

describe('ohtui exec against an agent server', () => {
	it('runs in the workspace folder over the bash socket and exits with the command’s code', async () => {
		agent.clearRequests();
		const got = await run(['exec', id, '--', 'git status --short; pwd; exit 3']);
		expect(got.code).toBe(3);
		expect(got.text).toContain(' M docs/SETTINGS.md\n');
		expect(got.text).toContain(`${dir}\n`);
		expect(agent.requests.some(r => r.upgrade && r.path === '/sockets/bash-events')).toBe(true);
		expect(paths()).not.toContain('GET /api/bash/bash_events/search');
		const args = await run(['exec', id, '--', 'echo', 'two words', "it's"]);
		expect([args.code, args.text]).toEqual([0, "two words it's\n"]);
	});

	it('cleans escape sequences and masks secrets in the output; stderr to stderr', async () => {
		const got = await run(['exec', id, '--', 'cat evil.txt; echo oops >&2']);
		expect(got.code).toBe(0);
		expect(got.text).toBe('title  here\nAPI_TOKEN=••••\n');
		expect(got.err).toBe('oops\n');
	});

	it('124 when the server stops it at --timeout; 130 on Ctrl-c (saying it may go on); 1 for a folder that does not exist', async () => {
		const timed = await run(['exec', id, '--timeout', '1', '--', 'echo before; sleep 5']);
		expect([timed.code, timed.text]).toEqual([124, 'before\n']);
		expect(timed.err).toMatch(/stopped the command after its time-out of 1 s/);
		const stop = new AbortController();
		agent.clearRequests();
		const watching = run(['exec', id, '--', 'sleep 30'], {signal: stop.signal});
		for (let i = 0; i < 500 && !paths().includes('POST /api/bash/start_bash_command'); i++) await new Promise(resolve => setTimeout(resolve, 10));
		stop.abort();
		const stopped = await watching;
		expect(stopped.code).toBe(130);
		expect(stopped.err).toMatch(/stopped following: the command may go on on the server( \(command [0-9a-f]{8}\))?\n$/);
		const missing = await run(['exec', id, '--cwd', '/nowhere', '--', 'ls']);
		expect(missing.code).toBe(1);
		expect(missing.err).toMatch(/the command did not start: \[Errno 2\] No such file or directory: '\/nowhere'/);
	});

	it('searches for the output when websockets do not pass (a proxy)', async () => {
		agent.setRefuseUpgrades(true);
		try {
			agent.clearRequests();
			const got = await run(['exec', id, '--', 'seq 3']);
			expect([got.code, got.text]).toEqual([0, '1\n2\n3\n']);
			expect(paths()).toContain('GET /api/bash/bash_events/search');
		} finally {
			agent.setRefuseUpgrades(false);
		}
	});

	it('refused on a read-only profile or with --read-only: exit 2, no request to the bash routes', async () => {
		agent.clearRequests();
		const got = await run(['exec', id, '--read-only', '--', 'touch x']);
		expect(got.code).toBe(2);
		expect(got.err).toMatch(/read-only/);
		expect(paths().filter(p => p.includes('/api/bash/'))).toEqual([]);
	});
});

describe('ohtui cp and trajectory against an agent server', () => {
	it('round-trips a binary and a CRLF file byte for byte; refuses to overwrite a local file without --force', async () => {
		const data = Buffer.from([0, 1, 2, 13, 10, 0xff, 0xfe, 0x41, 13, 10]);
		writeFileSync(join(local, 'data.bin'), data);
		const up = await run(['cp', join(local, 'data.bin'), `${id}:uploads/`]);
		expect(up.code).toBe(0);
		expect(up.err).toMatch(/^ohtui cp: 10 B in \d+\.\d s: .*data\.bin → .*\/uploads\/data\.bin\n$/);
		expect(agent.checkout(dir)!.tree.get('uploads/data.bin')!.equals(data)).toBe(true);
		const down = await run(['cp', `${id}:uploads/data.bin`, join(local, 'back.bin')]);
		expect(down.code).toBe(0);
		expect(readFileSync(join(local, 'back.bin')).equals(data)).toBe(true);
		const again = await run(['cp', `${id}:uploads/data.bin`, join(local, 'back.bin')]);
		expect([again.code, again.err]).toEqual([2, `ohtui cp: ${join(local, 'back.bin')} exists: --force overwrites it\n`]);
		expect((await run(['cp', `${id}:docs/SETTINGS.md`, local])).code).toBe(0);
		expect(readFileSync(join(local, 'SETTINGS.md')).equals(agent.checkout(dir)!.tree.get('docs/SETTINGS.md')!)).toBe(true);
		const missing = await run(['cp', `${id}:nope.txt`, join(local, 'nope.txt')]);
		expect([missing.code, missing.err]).toEqual([4, `ohtui cp: no such file on the agent server: ${dir}/nope.txt (GET /api/file/download)\n`]);
		expect(existsSync(join(local, 'nope.txt'))).toBe(false);
		expect((await run(['cp', join(local, 'data.bin'), `${id}:x.bin`, '--read-only'])).code).toBe(2);
	});

	it('trajectory: the ZIP to a file or a pipe, never to a terminal', async () => {
		const piped = await run(['trajectory', id]);
		expect(piped.code).toBe(0);
		expect(piped.out.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 3, 4]));
		expect(piped.err).toMatch(/^ohtui trajectory: \d+(\.\d)? kB in \d+\.\d s: the trajectory of [0-9a-f]{8} → standard output\n$/);
		const tty = await run(['trajectory', id], {tty: true});
		expect([tty.code, tty.out.length]).toEqual([2, 0]);
		expect((await run(['trajectory', id, '--output', local])).code).toBe(0);
		// the same entries (the times in a ZIP may differ by a second between two downloads)
		const written = readFileSync(join(local, `${id}.zip`));
		expect([written.length, written.readUInt16LE(written.length - 12)]).toEqual([piped.out.length, piped.out.readUInt16LE(piped.out.length - 12)]);
	});
});
