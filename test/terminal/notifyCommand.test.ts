import {spawn as nodeSpawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest';
import {commandEnv, createCommandNotifier, MAX_RUNNING, type NotifyFields} from '../../source/terminal/notifyCommand.js';
import {usageText} from '../../source/config/usage.js';
import {clearKnownSecrets} from '../../source/text/knownSecrets.js';
import {registerKnownSecret} from '../../source/text/secrets.js';

const dir = mkdtempSync(join(tmpdir(), 'ohtui-notify-command-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
afterEach(() => clearKnownSecrets());

const fields = (over: Partial<NotifyFields> = {}): NotifyFields => ({
	event: 'needs-you',
	server: 'laptop',
	id: 'a'.repeat(32),
	status: 'waiting',
	title: 'api-refactor',
	waitsFor: 'rm -rf build',
	text: 'api-refactor (laptop): approve “rm -rf build”?',
	...over,
});

let n = 0;
/** A node script that writes its environment's OHTUI_ fields (and what it must not get) to a file. */
function recorder(extra = ''): {command: string[]; out: string} {
	const out = join(dir, `out${n++}.json`);
	const script = join(dir, `record${n}.mjs`);
	writeFileSync(script, `${extra}\nimport {writeFileSync} from 'node:fs';\nconst e = process.env;\nwriteFileSync(${JSON.stringify(out)}, JSON.stringify(Object.fromEntries(Object.entries(e).filter(([k]) => k.startsWith('OHTUI_') || k.startsWith('OPENHANDS_') || k === 'LEAK'))));\n`);
	return {command: [process.execPath, script], out};
}

const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), {timeout: 10_000});

describe('notifyCommand (issue 19 §3)', () => {
	it('runs the program with the fields; masked; ohtui\'s variables and anything holding a known key stay out', async () => {
		registerKnownSecret('sk-the-users-own-key-0123456789');
		const {command, out} = recorder();
		const notifier = createCommandNotifier({command, env: {...process.env, OPENHANDS_API_KEY: 'sk-x', LEAK: 'token=sk-the-users-own-key-0123456789', OHTUI_TEXT: 'stale'}});
		notifier.run(fields({title: 'deploy ghp_0123456789abcdefghijABCDEFGHIJ012345'}));
		await waitFor(() => existsSync(out));
		const got = JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
		expect(got['OHTUI_EVENT']).toBe('needs-you');
		expect(got['OHTUI_SERVER']).toBe('laptop');
		expect(got['OHTUI_CONVERSATION']).toBe('a'.repeat(32));
		expect(got['OHTUI_STATUS']).toBe('waiting');
		expect(got['OHTUI_WAITS_FOR']).toBe('rm -rf build');
		expect(got['OHTUI_TEXT']).toBe('api-refactor (laptop): approve “rm -rf build”?');
		expect(got['OHTUI_TITLE']).toMatch(/^deploy \S*•/);
		expect(got['OHTUI_TITLE']).not.toContain('ghp_0123');
		expect(got['OPENHANDS_API_KEY']).toBeUndefined();
		expect(got['LEAK']).toBeUndefined();
	});

	it('a failure is one line in the log: not found, a non-zero exit, killed after its time', async () => {
		const log: string[] = [];
		createCommandNotifier({command: [join(dir, 'no-such-program')], log: line => log.push(line)}).run(fields());
		createCommandNotifier({command: [process.execPath, '-e', 'process.exit(3)'], log: line => log.push(line)}).run(fields());
		createCommandNotifier({command: [process.execPath, '-e', 'setTimeout(() => {}, 60000)'], log: line => log.push(line), timeoutMs: 300}).run(fields());
		await waitFor(() => log.length === 3);
		expect(log.some(line => /notify command .*no-such-program: could not start \(ENOENT\)$/.test(line))).toBe(true);
		expect(log.some(line => / exit 3$/.test(line))).toBe(true);
		expect(log.some(line => /killed after 0.3 s$/.test(line))).toBe(true);
		expect(log.every(line => !line.includes('\n'))).toBe(true);
	});

	it(`at most ${MAX_RUNNING} at once: what comes meanwhile is folded into one run that says how many it stands for (issue 27 item 11)`, async () => {
		const {command, out} = recorder();
		const runs: Record<string, string>[] = [];
		// the first two sleep, then record; the folded run records once one of them has ended
		const slow = [process.execPath, '-e', 'setTimeout(() => {}, 400)'];
		const log: string[] = [];
		let n = 0;
		const notifier = createCommandNotifier({
			command,
			log: line => log.push(line),
			spawn: (program, args, options) => {
				n++;
				return n <= MAX_RUNNING ? nodeSpawn(slow[0]!, slow.slice(1), options) : nodeSpawn(program, args, options);
			},
		});
		for (let i = 0; i < MAX_RUNNING + 3; i++) notifier.run(fields({text: `line ${i}`}));
		await waitFor(() => existsSync(out));
		runs.push(JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>);
		// before: the three were dropped, each with a log line, and no run said so
		expect(n).toBe(MAX_RUNNING + 1);
		expect(runs[0]).toMatchObject({OHTUI_TEXT: `line ${MAX_RUNNING} (+2 more)`, OHTUI_COUNT: '3'});
		expect(log).toEqual([]);
		// a run folded again counts what it stands for already
		expect(commandEnv({}, fields({text: 'x', count: 4}))).toMatchObject({OHTUI_TEXT: 'x (+3 more)', OHTUI_COUNT: '4'});
		expect(commandEnv({}, fields({text: 'x'}))).toMatchObject({OHTUI_TEXT: 'x', OHTUI_COUNT: '1'});
	});

	it('what the program starts ends with it: at the time limit, and when the notifier closes (ohtui quits) (issue 27 item 11)', async () => {
		const pids = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number) : []);
		// a zombie (killed, not yet reaped by whoever inherited it) is dead too
		const alive = (pid: number) => {
			try {
				process.kill(pid, 0);
			} catch {
				return false;
			}
			return !existsSync(`/proc/${pid}/stat`) || !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
		};
		// `sh -c`: a child in the background, another in the foreground, as a user's script does
		const script = (file: string) => ['sh', '-c', `sleep 30 & echo $! >> ${file}; sleep 30 & echo $! >> ${file}; wait`];
		const timedFile = join(dir, 'timed.pids');
		const log: string[] = [];
		createCommandNotifier({command: script(timedFile), log: line => log.push(line), timeoutMs: 400}).run(fields());
		await waitFor(() => pids(timedFile).length === 2);
		await waitFor(() => log.some(line => / killed after 0\.4 s$/.test(line)));
		// before: sh was killed, its two sleeps lived on (orphans)
		await waitFor(() => pids(timedFile).every(pid => !alive(pid)));

		const closedFile = join(dir, 'closed.pids');
		const notifier = createCommandNotifier({command: script(closedFile)});
		notifier.run(fields());
		await waitFor(() => pids(closedFile).length === 2);
		notifier.close();
		await waitFor(() => pids(closedFile).every(pid => !alive(pid)));
		for (const pid of [...pids(timedFile), ...pids(closedFile)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
	});

	it('the environment is built from the user\'s (PATH kept), the fields set last', () => {
		const env = commandEnv({PATH: '/usr/bin', OPENHANDS_URL: 'http://x', OHTUI_STATUS: 'forged'}, fields({waitsFor: null}));
		expect(env['PATH']).toBe('/usr/bin');
		expect(env['OPENHANDS_URL']).toBeUndefined();
		expect(env['OHTUI_STATUS']).toBe('waiting');
		expect(env['OHTUI_WAITS_FOR']).toBe('');
	});

	it('ohtui --help names every variable the program gets (it left out OHTUI_EVENT and OHTUI_COUNT)', () => {
		const help = usageText('/home/u/.config/ohtui/config.json');
		const names = Object.keys(commandEnv({}, fields())).filter(name => name.startsWith('OHTUI_'));
		expect(names.length).toBeGreaterThan(5);
		for (const name of names) expect(help, name).toContain(name);
	});
});
