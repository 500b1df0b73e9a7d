// The store's file list and saves (issue 28 item 4: `F`, `w`, `y`) against the agent-server stand-in:
// git's list in a repository and the folder's entries elsewhere; a file read for the pager (text,
// binary, and a large one's start only); a local file never written over without being asked,
// before any request; the patch for the clipboard, or too large for it.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import type {AppConversation} from '../../../source/api/schemas/index.js';
import {startAgentServerStandIn} from '../../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../../source/server/agentServer/types.js';
import {createStore, type PollingStore} from '../../../source/store/createStore.js';
import type {FilesState} from '../../../source/store/types.js';
import {FILE_VIEW_BYTES} from '../../../source/store/workspace/filesLane.js';

let server: AgentServerStandIn;
let client: OpenHandsClient;
let store: PollingStore;
let dark: AppConversation;
let scratch: AppConversation;
const local = mkdtempSync(join(tmpdir(), 'ohtui-files-'));

beforeAll(async () => {
	server = await startAgentServerStandIn({live: false});
	client = createClient({baseUrl: server.url});
	store = createStore(client, {attentionCheck: false, liveEvents: false});
	const items = (await client.searchConversations()).items;
	dark = items.find(c => c.title?.startsWith('Add dark mode toggle'))!;
	scratch = items.find(c => c.working_dir === '/home/dev/scratch')!;
});
afterAll(async () => {
	store.dispose();
	await client.close();
	await server.close();
	rmSync(local, {recursive: true, force: true});
});

const files = (done: (state: FilesState) => boolean) =>
	new Promise<FilesState>(resolve => {
		const check = () => {
			const state = store.getSnapshot().files;
			if (!state || !done(state)) return false;
			resolve(state);
			return true;
		};
		if (check()) return;
		const off = store.subscribe(() => {
			if (check()) off();
		});
	});

describe('the file list and saves', () => {
	it('git’s list; a text file and a binary one; the folder’s entries outside a repository', async () => {
		store.openFiles(dark);
		const listed = await files(s => !s.loading);
		expect(listed).toMatchObject({kind: 'git', folder: dark.working_dir, error: null, truncated: false});
		expect(listed.files).toEqual(expect.arrayContaining(['README.md', 'public/icons/moon.png', 'src/styles/tokens/colors.css']));

		store.openFile('README.md');
		const readme = await files(s => s.file?.loading === false);
		expect(readme.file).toMatchObject({path: 'README.md', binary: false, truncated: false, text: server.checkout(dark.working_dir!)!.tree.get('README.md')!.toString()});
		store.openFile('public/icons/moon.png');
		expect((await files(s => s.file?.path === 'public/icons/moon.png' && !s.file.loading)).file).toMatchObject({binary: true, text: null, size: 78});


		store.openFiles(scratch);
		const entries = await files(s => s.conversationId === scratch.id && !s.loading);
		expect(entries.kind).toBe('dir');
		store.closeFiles();
		expect(store.getSnapshot().files).toBeNull();
	});

	it('w and y: exists answered before any request; a folder takes the default name; the patch copied; a large file’s start, and a patch too large to copy', async () => {
		const patchFile = join(local, 'dark.patch');
		const saved = await store.savePatch(dark, patchFile);
		expect(saved).toMatchObject({kind: 'saved', path: patchFile, note: null});
		const before = server.requests.length;
		expect(await store.savePatch(dark, patchFile)).toEqual({kind: 'exists', path: patchFile});
		expect(await store.saveFile(dark, 'README.md', patchFile)).toEqual({kind: 'exists', path: patchFile});
		expect(server.requests.length).toBe(before);

		const copy = await store.copyPatch(dark);
		expect(copy.kind === 'ready' && copy.patch.equals(readFileSync(patchFile))).toBe(true);
		const one = await store.copyPatch(dark, {paths: ['docs/SETTINGS.md']});
		expect(one.kind === 'ready' && one.files).toBe(1);

		mkdirSync(join(local, 'into'));
		expect(await store.saveFile(dark, 'public/icons/moon.png', join(local, 'into'))).toMatchObject({kind: 'saved', path: join(local, 'into', 'moon.png'), bytes: 78});
		expect(readFileSync(join(local, 'into', 'moon.png')).equals(server.checkout(dark.working_dir!)!.tree.get('public/icons/moon.png')!)).toBe(true);
		writeFileSync(join(local, 'keep.patch'), 'mine');
		expect(await store.savePatch(dark, join(local, 'keep.patch'), {overwrite: true})).toMatchObject({kind: 'saved'});
		expect(readFileSync(join(local, 'keep.patch')).equals(readFileSync(patchFile))).toBe(true);

		// a large file new in the workspace: the pager reads its start only; the patch no longer fits a clipboard
		store.openFiles(dark);
		await files(s => s.conversationId === dark.id && !s.loading);
		const workspace = await client.workspace({id: dark.id, conversation_url: null, session_api_key: null, sandbox_id: '', working_dir: dark.working_dir!});
		const big = Buffer.alloc(3 * FILE_VIEW_BYTES, 'abcdefghij\n');
		await workspace.upload('logs/big.log', {contentType: 'application/octet-stream', length: big.length, body: Readable.from([big])});
		store.openFile('logs/big.log');
		const large = (await files(s => s.file?.path === 'logs/big.log' && !s.file.loading)).file!;
		expect(large).toMatchObject({binary: false, truncated: true, size: big.length});
		expect(large.text).toBe(big.subarray(0, FILE_VIEW_BYTES).toString());
		store.openFile(null);
		expect(store.getSnapshot().files?.file).toBeNull();
		expect(await store.copyPatch(dark)).toMatchObject({kind: 'too-large', max: 75_000});
	});
});
