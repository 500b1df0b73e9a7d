/**
 * The workspace routes of the app-server stand-in's agent listener (issue 28 item 5), the agent
 * server of every sandbox, reached with the sandbox's session key: SDK 1.37.1's archive patch on a
 * current app server (applied with the system's git), SDK 1.1.0's path forms and no archive on a
 * legacy one; uploads kept per sandbox; bash and its socket on the sandbox's key.
 */
import {describe, expect, it} from 'vitest';
import {differences, gitApply} from '../support/gitApply.js';
import {agent, byTitle} from './activityHelpers.js';
import {startServer} from './helpers.js';
import {connect} from './agentServer/socketClient.js';

const DIR = '/workspace/project/web-dashboard';
const q = encodeURIComponent;

async function raw(base: string, path: string, key: string, init: RequestInit = {}): Promise<{status: number; body: Buffer}> {
	const res = await fetch(base + path, {...init, headers: {'x-session-api-key': key, ...init.headers}});
	return {status: res.status, body: Buffer.from(await res.arrayBuffer())};
}

describe('the agent listener: workspace routes', () => {
	it('current (1.37.1): the archive patch applies to the sandbox repository’s committed files; an upload stays', async () => {
		const server = await startServer({generation: 'current', live: false});
		const c = await byTitle(server, 'Add dark mode toggle');
		const key = c.session_api_key!;
		const patch = await raw(server.agentUrl, `/api/file/archive?path=${q(DIR)}&base_ref=HEAD`, key);
		expect(patch.status).toBe(200);
		const checkout = server.agentCheckout(c.id, DIR)!;
		const applied = gitApply(checkout.base, patch.body);
		if ('error' in applied) throw new Error(applied.error);
		expect(differences(applied.files, checkout.tree)).toEqual([]);
		const form = new FormData();
		form.append('file', new Blob([Buffer.from('kept\r\n')]), 'k');
		expect((await raw(server.agentUrl, `/api/file/upload?path=${q(`${DIR}/kept.txt`)}`, key, {method: 'POST', body: form})).status).toBe(200);
		expect((await raw(server.agentUrl, `/api/file/download?path=${q(`${DIR}/kept.txt`)}`, key)).body.toString()).toBe('kept\r\n');
		expect((await agent(server, `/api/git/changes?path=${q(DIR)}`, {key})).json).toContainEqual({status: 'ADDED', path: 'kept.txt'});
		expect((await raw(server.agentUrl, `/api/file/archive?path=${q(DIR)}`, 'wrong')).status).toBe(401);
	});

	it('legacy (1.1.0): no archive route; the path-form download; bash answers from the sandbox’s tree; the socket takes the query key', async () => {
		const server = await startServer({generation: 'legacy', live: false});
		const c = await byTitle(server, 'Add dark mode toggle');
		const key = c.session_api_key!;
		expect((await raw(server.agentUrl, `/api/file/archive?path=${q(DIR)}`, key)).status).toBe(404);
		const file = await raw(server.agentUrl, `/api/file/download/${DIR}/public/favicon.ico`, key);
		expect(file.body.equals(server.agentCheckout(c.id, DIR)!.tree.get('public/favicon.ico')!)).toBe(true);
		const socket = connect(`${server.agentUrl.replace('http', 'ws')}/sockets/bash-events?session_api_key=${key}`);
		await socket.opened;
		const ran = await agent(server, '/api/bash/execute_bash_command', {method: 'POST', key, body: {command: 'git status --short', cwd: DIR}});
		expect(ran.json).toMatchObject({exit_code: 0, stdout: expect.stringContaining('?? public/icons/moon.png')});
		expect(await socket.next(f => f.kind === 'BashOutput')).toMatchObject({command_id: ran.json.command_id});
		socket.ws.close();
		const header = connect(`${server.agentUrl.replace('http', 'ws')}/sockets/bash-events`, {headers: {'x-session-api-key': key}});
		expect((await header.refused).status).toBe(403);
	});
});
