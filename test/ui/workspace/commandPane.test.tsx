// The command pane's screen (issue 28 item 4, `$`) over a fake store: what is typed goes to the
// store's runCommand once; a command running refuses another before the store is asked; Esc closes
// the pane and the header follows the command to its end; refused where it cannot or may not run.
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {createFleet} from '../../../source/fleet/createFleet.js';
import type {PaneState} from '../../../source/store/types.js';
import {conversation, list, snapshot as storeSnapshot} from '../fixtures.js';
import {FakeStore} from '../fakeStore.js';
import {KEYS, renderApp} from '../harness.js';
import {activityState, legacyTrajectory} from '../eventFixtures.js';
import {SERVER} from '../fakeFleet.js';

afterEach(() => cleanup());

const ID = conversation().id;
const snapshot = (overrides: Parameters<typeof conversation>[0] = {}) => ({conversations: list([conversation(overrides)]), activity: activityState(ID, legacyTrajectory())});
const pane = (fields: Partial<PaneState>): PaneState => ({command: 'make test', running: false, transport: 'socket', lines: [], dropped: 0, end: null, error: null, history: ['make test'], ...fields});

async function activity(h: ReturnType<typeof renderApp>) {
	await h.waitFor('Fix flaky');
	await h.press('l');
	await h.waitFor('Esc back');
}

describe('the command pane', () => {
	it('Enter runs what is typed; one at a time; Esc leaves it and the header follows it to its end', async () => {
		const h = renderApp({rows: 40, columns: 120, snapshot: snapshot()});
		await activity(h);
		await h.press('$');
		await h.waitFor('Run a command in the workspace');
		await h.press('l', 's', KEYS.enter);
		expect(h.store.callsOf('runCommand')).toEqual([[ID, 'ls']]);
		h.store.set({panes: {[ID]: pane({command: 'ls', running: true, history: ['ls']})}});
		await h.waitFor('── $ ls · running…');
		// another while it runs: said, and the store is not asked
		await h.press('p', 'w', 'd', KEYS.enter);
		await h.waitFor('a command is running in this workspace: one at a time (Esc leaves it running)');
		expect(h.store.callsOf('runCommand')).toHaveLength(1);
		await h.press(KEYS.esc);
		await h.waitFor(/agent finished · sandbox RUNNING · \$ ls running… · /);
		h.store.set({panes: {[ID]: pane({command: 'ls', running: false, end: {kind: 'exited', code: 2, commandId: 'c1'}, lines: [{text: 'oops', stderr: true}], history: ['ls']})}});
		await h.waitFor(/agent finished · sandbox RUNNING · \$ ls → exit 2 · /);
		// opened again: the same output, and ↑ brings the command back
		await h.press('$');
		await h.waitFor('oops');
		await h.press(KEYS.up);
		await h.waitFor(/^\$ ls/m);
	});

	it('refused before the store is asked: --read-only, a read-only server, a sandbox that does not run', async () => {
		const ro = renderApp({rows: 40, columns: 120, snapshot: snapshot(), readOnly: true});
		await activity(ro);
		await ro.press('$');
		await ro.waitFor('read-only: run a command in the workspace');
		expect(ro.frame()).not.toContain('Run a command in the workspace');
		cleanup();

		const store = new FakeStore(storeSnapshot(snapshot()));
		// one of two servers read-only (both read-only is --read-only's case above)
		const other = new FakeStore(storeSnapshot());
		const fleet = createFleet([
			{name: SERVER, label: 'http://127.0.0.1:3000', readOnly: true, createStore: () => store},
			{name: 'other', label: 'http://127.0.0.1:3001', createStore: () => other},
		]);
		const server = renderApp({rows: 40, columns: 120, store, fleet});
		await activity(server);
		await server.press('$');
		await server.waitFor(`read-only: ${SERVER} was opened read-only`);
		// F only reads: it still opens
		await server.press('F');
		await server.waitFor('Files · Fix flaky');
		expect(store.callsOf('openFiles')).toEqual([[ID]]);
		cleanup();

		const paused = renderApp({rows: 40, columns: 120, snapshot: snapshot({sandbox_status: 'PAUSED'})});
		await activity(paused);
		await paused.press('$');
		await paused.waitFor('the sandbox is PAUSED: its workspace can be reached only while it runs (r resumes it)');
		await paused.press('F');
		expect(paused.store.callsOf('runCommand')).toEqual([]);
		expect(paused.store.callsOf('openFiles')).toEqual([]);
	});
});
