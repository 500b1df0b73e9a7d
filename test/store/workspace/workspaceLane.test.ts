// The store pieces the app's workspace keys use (issue 28 item 4), against the agent-server
// stand-in: the command pane ($), the file list (F), the patch saved (w) and held (y).
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import type {Workspace} from '../../../source/api/agent/workspace.js';
import {startAgentServerStandIn} from '../../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../../source/server/agentServer/types.js';
import {CommandPane, type PaneState} from '../../../source/store/workspace/commandPane.js';
import {listFiles} from '../../../source/store/workspace/fileList.js';
import {patchBytes, savePatch} from '../../../source/store/workspace/patchCopy.js';
import {LocalFileError} from '../../../source/store/workspace/fileWrite.js';
import {differences, gitApply} from '../../support/gitApply.js';

let server: AgentServerStandIn;
let client: OpenHandsClient;
let workspace: Workspace;
let dir: string;
const local = mkdtempSync(join(tmpdir(), 'ohtui-lane-'));

beforeAll(async () => {
	server = await startAgentServerStandIn({live: false});
	client = createClient({baseUrl: server.url});
	const c = (await client.searchConversations()).items.find(item => item.title?.startsWith('Add dark mode toggle'))!;
	dir = c.working_dir!;
	workspace = await client.workspace({id: c.id, conversation_url: null, session_api_key: null, sandbox_id: '', working_dir: dir});
});
afterAll(async () => {
	await client.close();
	await server.close();
	rmSync(local, {recursive: true, force: true});
});

const until = (pane: CommandPane, done: (state: PaneState) => boolean) =>
	new Promise<PaneState>(resolve => {
		if (done(pane.getSnapshot())) return resolve(pane.getSnapshot());
		const off = pane.subscribe(() => {
			if (!done(pane.getSnapshot())) return;
			off();
			resolve(pane.getSnapshot());
		});
	});

describe('the workspace lane', () => {
	it('command pane: lines of both streams, the exit code, one command at a time, history, a bounded scrollback', async () => {
		const pane = new CommandPane(async () => workspace, {maxLines: 5});
		expect(pane.run('seq 8; echo oops >&2; exit 2')).toBe(true);
		expect(pane.run('pwd')).toBe(false);
		const ended = await until(pane, s => !s.running);
		expect(ended.end).toMatchObject({kind: 'exited', code: 2});
		expect(ended.lines).toEqual([...['5', '6', '7', '8'].map(text => ({text, stderr: false})), {text: 'oops', stderr: true}]);
		expect(ended.dropped).toBe(4);
		expect(pane.run('echo -n no-newline')).toBe(true);
		const second = await until(pane, s => !s.running);
		expect(second.lines).toEqual([{text: 'no-newline', stderr: false}]);
		expect(second.history).toEqual(['seq 8; echo oops >&2; exit 2', 'echo -n no-newline']);
		expect(new CommandPane(async () => workspace, {readOnly: true}).run('ls')).toBe(false);
	});

	it('file list: git’s list in a repository, the folder’s entries elsewhere', async () => {
		const files = await listFiles(workspace);
		expect(files).toMatchObject({kind: 'git', truncated: false});
		expect('files' in files && files.files).toContain('public/icons/moon.png');
		const scratch = await client.workspace({id: 'x', conversation_url: null, session_api_key: null, sandbox_id: '', working_dir: '/home/dev/scratch'});
		expect((await listFiles(scratch)).kind).toBe('dir');
	});

	it('the patch saved to a file (never over one) and held in memory up to a bound: both apply', async () => {
		const file = join(local, 'work.patch');
		const saved = await savePatch(workspace, file);
		const checkout = server.checkout(dir)!;
		const applied = gitApply(checkout.base, readFileSync(file));
		if ('error' in applied) throw new Error(applied.error);
		expect(differences(applied.files, checkout.tree)).toEqual([]);
		expect(saved.bytes).toBe(readFileSync(file).length);
		await expect(savePatch(workspace, file)).rejects.toBeInstanceOf(LocalFileError);
		writeFileSync(join(local, 'keep'), 'mine');
		const held = await patchBytes(workspace, 1 << 20, {paths: ['docs/SETTINGS.md']});
		expect(held.patch?.toString()).toMatch(/^diff --git a\/docs\/SETTINGS\.md b\/docs\/SETTINGS\.md\n/);
		const small = await patchBytes(workspace, 100);
		expect([small.patch, small.bytes > 100]).toEqual([null, true]);
	});
});
