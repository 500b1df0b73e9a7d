// The agent-server stand-in's workspace routes (issue 28 item 5): the archive's patch applies with
// the system's git to the committed files and gives the working tree byte for byte; files down and
// up exactly; the trajectory ZIP; the git texts with the real server's stripping.
import {describe, expect, it} from 'vitest';
import {differences, gitApply} from '../../support/gitApply.js';
import {byTitle, call, startAgent} from './helpers.js';

const KEY = 'ws-key-1';
const q = (path: string) => encodeURIComponent(path);

async function bytes(server: {url: string}, path: string, init: RequestInit = {}): Promise<{status: number; headers: Headers; body: Buffer}> {
	const res = await fetch(server.url + path, {...init, headers: {'x-session-api-key': KEY, ...init.headers}});
	return {status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer())};
}

describe('agent server stand-in: the workspace routes', () => {
	it('archive: a git patch (new, deleted, moved, binary, CRLF, no final newline) that git applies to the committed files, giving the working tree', async () => {
		const server = await startAgent({apiKey: KEY});
		const dir = (await byTitle(server, 'Add dark mode toggle', KEY)).workspace.working_dir;
		const got = await bytes(server, `/api/file/archive?path=${q(dir)}&base_ref=HEAD`);
		expect(got.status).toBe(200);
		expect(got.headers.get('content-type')).toBe('text/x-patch; charset=utf-8');
		expect(got.headers.get('x-archive-base-ref')).toBe('HEAD');
		expect(got.headers.get('x-archive-repo-root')).toBe(q(dir));
		const text = got.body.toString('latin1');
		expect(text).toContain('rename from src/styles/colors.css\nrename to src/styles/tokens/colors.css');
		expect(text).toMatch(/GIT binary patch\nliteral \d+\n/);
		expect(text).toContain('\r\n');
		expect(text).toContain('\\ No newline at end of file');
		const checkout = server.checkout(dir)!;
		const applied = gitApply(checkout.base, got.body);
		if ('error' in applied) throw new Error(applied.error);
		expect(differences(applied.files, checkout.tree)).toEqual([]);
		// without base_ref: the branch on origin (here HEAD); not a repository: 400
		expect((await bytes(server, `/api/file/archive?path=${q(dir)}`)).headers.get('x-archive-base-ref')).toBe('auto');
		const scratch = await bytes(server, `/api/file/archive?path=${q('/home/dev/scratch')}`);
		expect([scratch.status, JSON.parse(scratch.body.toString())]).toEqual([400, {detail: 'Not a git repository: Not a git repository: /home/dev/scratch'}]);
		expect((await bytes(server, `/api/file/archive?path=${q(dir)}&base_ref=nosuchref`)).status).toBe(400);
	});

	it('git diff texts: CRLF gone, the last newline gone; the original stripped; a binary file is "" on the modified side', async () => {
		const server = await startAgent();
		const dir = (await byTitle(server, 'Add dark mode toggle')).workspace.working_dir;
		const crlf = await call(server, `/api/git/diff?path=${q(`${dir}/docs/SETTINGS.md`)}`);
		expect(crlf.json.modified).toMatch(/^# Settings\n\nThe settings page has four sections:\n[^\r]*- Billing$/);
		const binary = await call(server, `/api/git/diff?path=${q(`${dir}/public/favicon.ico`)}`);
		expect(binary.json.modified).toBe('');
		expect(binary.json.original).toContain('\ufffd');
	});

	it('download gives exact bytes; upload stores them (parents made); errors as the real server words them', async () => {
		const server = await startAgent({apiKey: KEY});
		const dir = (await byTitle(server, 'Add dark mode toggle', KEY)).workspace.working_dir;
		const file = await bytes(server, `/api/file/download?path=${q(`${dir}/docs/SETTINGS.md`)}`);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-disposition')).toBe('attachment; filename="SETTINGS.md"');
		expect(file.body.equals(server.checkout(dir)!.tree.get('docs/SETTINGS.md')!)).toBe(true);
		const data = Buffer.from([0, 1, 2, 13, 10, 255, 254]);
		const form = new FormData();
		form.append('file', new Blob([data]), 'x.bin');
		const up = await bytes(server, `/api/file/upload?path=${q(`${dir}/new/dir/x.bin`)}`, {method: 'POST', body: form});
		expect([up.status, JSON.parse(up.body.toString())]).toEqual([200, {success: true}]);
		expect((await bytes(server, `/api/file/download?path=${q(`${dir}/new/dir/x.bin`)}`)).body.equals(data)).toBe(true);
		expect(JSON.parse((await bytes(server, `/api/file/download?path=${q(`${dir}/nope`)}`)).body.toString())).toEqual({detail: 'File not found'});
		expect(JSON.parse((await bytes(server, `/api/file/download?path=${q(dir)}`)).body.toString())).toEqual({detail: 'Path is not a file'});
		expect(JSON.parse((await bytes(server, '/api/file/download?path=rel.txt')).body.toString())).toEqual({detail: 'Path must be absolute'});
		const raw = await bytes(server, `/api/file/upload?path=${q(`${dir}/y`)}`, {method: 'POST', body: 'plain', headers: {'content-type': 'text/plain'}});
		expect([raw.status, JSON.parse(raw.body.toString())]).toEqual([422, {detail: [{type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null}]}]);
		expect((await bytes(server, `/api/file/download/${q(dir)}`)).status).toBe(404);
	});

	it('1.1.0: only the path forms, and no archive route', async () => {
		const server = await startAgent({version: '1.1.0'});
		const dir = (await byTitle(server, 'Add dark mode toggle')).workspace.working_dir;
		const file = await bytes(server, `/api/file/download/${dir.split('/').map(encodeURIComponent).join('/')}/README.md`);
		expect([file.status, file.body.toString()]).toEqual([200, '# web-dashboard\n\nSee docs/ for how to build and test.\n']);
		expect((await bytes(server, `/api/file/download?path=${q(`${dir}/README.md`)}`)).status).toBe(404);
		expect((await bytes(server, `/api/file/archive?path=${q(dir)}`)).status).toBe(404);
	});

	it('download-trajectory: a stored ZIP of the conversation’s persisted events', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const zip = await bytes(server, `/api/file/download-trajectory/${c.id}`);
		expect(zip.status).toBe(200);
		const hex = c.id.replaceAll('-', '');
		expect(zip.headers.get('content-disposition')).toBe(`attachment; filename="${hex}.zip"`);
		expect(zip.body.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 3, 4]));
		expect(zip.body.toString('latin1')).toContain(`${hex}/events/event-00000-`);
		// the end record counts every entry: the folders, two state files, one file per event
		const entries = zip.body.readUInt16LE(zip.body.length - 22 + 10);
		expect(entries).toBe(4 + (await call(server, `/api/conversations/${c.id}/events/count`)).json);
		expect((await bytes(server, '/api/file/download-trajectory/0123456789abcdef0123456789abcdef')).status).toBe(404);
		expect((await bytes(server, '/api/file/download-trajectory/nope')).status).toBe(422);
	});
});
