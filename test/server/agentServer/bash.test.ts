// The agent-server stand-in's bash routes and socket (issue 28 item 5): canned commands against the
// in-memory workspace (never a real shell), output published as the real server publishes it (at
// the end, or per 1 MiB), the search's file-name pages, the socket's auth and frames.
import {describe, expect, it} from 'vitest';
import {byTitle, call, eventually, startAgent} from './helpers.js';
import {connect} from './socketClient.js';

const KEY = 'bash-key-1';

describe('agent server stand-in: bash', () => {
	it('start answers the BashCommand at once; the output comes as one BashOutput at the end, with nulls; execute waits for it', async () => {
		const server = await startAgent({apiKey: KEY});
		const dir = (await byTitle(server, 'Add dark mode toggle', KEY)).workspace.working_dir;
		const started = await call(server, '/api/bash/start_bash_command', {method: 'POST', key: KEY, body: {command: 'git status --short; echo done >&2; exit 3', cwd: dir}});
		expect(Object.keys(started.json)).toEqual(['command', 'cwd', 'timeout', 'id', 'timestamp', 'kind']);
		expect(started.json).toMatchObject({cwd: dir, timeout: 300, kind: 'BashCommand', id: expect.stringMatching(/^[0-9a-f]{32}$/), timestamp: expect.stringMatching(/Z$/)});
		const outputs = await eventually(
			async () => (await call(server, `/api/bash/bash_events/search?command_id__eq=${started.json.id}`, {key: KEY})).json.items,
			items => items.length > 0,
		);
		expect(outputs).toEqual([
			{id: expect.any(String), timestamp: expect.any(String), command_id: started.json.id, order: 0, exit_code: 3, stdout: expect.stringContaining(' M docs/SETTINGS.md\n'), stderr: 'done\n', kind: 'BashOutput'},
		]);
		expect(outputs[0].stdout).toContain('?? public/icons/moon.png\n');
		const ran = await call(server, '/api/bash/execute_bash_command', {method: 'POST', key: KEY, body: {command: 'pwd', cwd: dir}});
		expect(ran.json).toMatchObject({order: 0, exit_code: 0, stdout: `${dir}\n`, stderr: null});
		const bad = await call(server, '/api/bash/execute_bash_command', {method: 'POST', key: KEY, body: {command: 'ls', cwd: '/nonexistent'}});
		expect(bad.json).toMatchObject({exit_code: -1, stdout: null, stderr: "Error executing command: [Errno 2] No such file or directory: '/nonexistent'"});
		expect((await call(server, '/api/bash/execute_bash_command', {method: 'POST', key: KEY, body: {command: 'frobnicate'}})).json).toMatchObject({exit_code: 127});
		expect((await call(server, '/api/bash/start_bash_command', {method: 'POST', key: KEY, body: {}})).status).toBe(422);
		expect((await call(server, '/api/bash/bash_events/search?limit=101', {key: KEY})).status).toBe(500);
	});

	it('a large output comes in 1 MiB chunks (stdout only, exit_code null), then the rest with the exit code; a time-out is -1 with the output so far', async () => {
		const server = await startAgent();
		const big = await call(server, '/api/bash/execute_bash_command', {method: 'POST', body: {command: 'seq 400000'}});
		expect(big.json).toMatchObject({exit_code: 0, order: 2});
		const all = (await call(server, `/api/bash/bash_events/search?command_id__eq=${big.json.command_id}`)).json.items;
		expect(all.map((o: any) => [o.order, o.exit_code, o.stdout?.length ?? 0])).toEqual([[0, null, 1048576], [1, null, 1048576], [2, 0, 2688895 - 2 * 1048576]]);
		const timed = await call(server, '/api/bash/execute_bash_command', {method: 'POST', body: {command: 'echo before; sleep 5; echo after', timeout: 1}});
		expect(timed.json).toMatchObject({exit_code: -1, stdout: 'before\n'});
	});

	it('search pages by file name; the socket sends each new event with its key, and refuses a wrong one with a bare 403', async () => {
		const server = await startAgent({apiKey: KEY});
		for (let i = 0; i < 3; i++) await call(server, '/api/bash/execute_bash_command', {method: 'POST', key: KEY, body: {command: `echo ${i}`}});
		const page = await call(server, '/api/bash/bash_events/search?limit=2', {key: KEY});
		expect(page.json.items.map((e: any) => e.kind)).toEqual(['BashCommand', 'BashOutput']);
		expect(page.json.next_page_id).toMatch(/^\d{20}_BashCommand_[0-9a-f]{32}$/);
		const next = await call(server, `/api/bash/bash_events/search?limit=2&page_id=${page.json.next_page_id}`, {key: KEY});
		expect(next.json.items[0].kind).toBe('BashCommand');
		const wrong = connect(`${server.url.replace('http', 'ws')}/sockets/bash-events?session_api_key=nope`);
		expect((await wrong.refused).status).toBe(403);
		const socket = connect(`${server.url.replace('http', 'ws')}/sockets/bash-events`, {headers: {'x-session-api-key': KEY}});
		await socket.opened;
		await call(server, '/api/bash/start_bash_command', {method: 'POST', key: KEY, body: {command: 'echo live'}});
		const output = await socket.next(f => f.kind === 'BashOutput');
		expect(output).toMatchObject({stdout: 'live\n', exit_code: 0});
		// no replay without resend_mode=all; an inbound command starts one; a bad one is a BashError
		expect(socket.frames[0].kind).toBe('BashCommand');
		socket.send({command: 'echo from-socket'});
		expect(await socket.next(f => f.stdout === 'from-socket\n')).toMatchObject({exit_code: 0});
		socket.send('not json');
		expect(await socket.next(f => f.kind === 'BashError')).toMatchObject({code: 'JSONDecodeError'});
		socket.ws.close();
		const replay = connect(`${server.url.replace('http', 'ws')}/sockets/bash-events?resend_mode=all&session_api_key=${KEY}`);
		await replay.next(f => f.stdout === 'from-socket\n');
		expect(replay.frames.filter(f => f.kind === 'BashCommand')).toHaveLength(5);
		replay.ws.close();
	});
});
