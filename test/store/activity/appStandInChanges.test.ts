/**
 * `c` and Enter on an app server's conversation (issue 16 §1, Changes): the store against the
 * app-server stand-in over real HTTP, through the conversation's `conversation_url` and its
 * sandbox's session key, on both generations (agent servers 1.1.0 and 1.37.1 in the sandboxes).
 */
import {afterEach, describe, expect, it} from 'vitest';
import {type Harness, harness} from '../harness.js';

const open: Harness[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(h => h.close()));
});

const agentLines = (h: Harness) => h.server.requests.filter(r => r.path.startsWith('/api/git') || r.path === '/server_info').map(r => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`);

describe.each([
	['legacy', ['GET /server_info', 'GET /api/git/changes//workspace/project/hello-world']],
	['current', ['GET /server_info', 'GET /api/git/changes?path=%2Fworkspace%2Fproject%2Fhello-world']],
] as const)('changes of an app-server conversation (%s)', (generation, first) => {
	it("lists the files of its repository (cloned into the sandbox's working directory), counted; Enter shows a diff", async () => {
		const h = await harness({generation, live: false});
		open.push(h);
		h.store.start();
		await h.settle();
		const c = h.store.getSnapshot().conversations.data!.find(row => row.title?.startsWith('Fix flaky date parsing'))!;
		expect(c.selected_repository).toBe('octo-org/hello-world');
		h.server.clearRequests();
		h.store.openChanges(c);
		await h.settle();
		const changes = h.store.getSnapshot().changes!;
		expect(changes.error).toBeNull();
		expect(changes.workingDir).toBe('/workspace/project/hello-world');
		expect(changes.files!.map(f => [f.status, f.path])).toEqual([
			['ADDED', 'tests/test_dates_timezone.py'],
			['UPDATED', 'utils/dates.py'],
			['DELETED', 'utils/dates_compat.py'],
		]);
		expect(agentLines(h).slice(0, 2)).toEqual(first);
		const updated = changes.files!.find(f => f.path === 'utils/dates.py')!;
		expect([updated.added, updated.removed]).toEqual([expect.any(Number), expect.any(Number)]);
		expect(updated.added).toBeGreaterThan(0);
		h.store.openDiff('utils/dates.py');
		await h.settle();
		const diff = h.store.getSnapshot().changes!.diff!;
		expect(diff).toMatchObject({path: 'utils/dates.py', error: null});
		expect(diff.text).toMatch(/^--- a\/utils\/dates\.py\n\+\+\+ b\/utils\/dates\.py\n@@ /);
		expect(diff.text).toContain('+');
		expect(diff.text).toContain('timezone.utc');
	});
});
