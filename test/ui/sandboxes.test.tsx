import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import type {PendingAction} from '../../source/store/types.js';
import {NOW, SESSION_KEY, list, sandbox, spec} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => cleanup());

const RUNNING = 'oh-agent-server-6sk4ifOEcwkDClq9g9P10j';
const PAUSED = 'oh-agent-server-r0sC74KqVykWW3N2ZYGRW';

const pending = (kind: PendingAction['kind'], targetId: string | null): PendingAction => ({
	key: `${kind}:${targetId}`,
	kind,
	targetId,
	phase: 'calling',
	targetState: kind === 'pause' ? 'PAUSED' : 'RUNNING',
	startedAt: NOW,
});

function open(snapshot = {}, rows = 30) {
	return renderApp({snapshot: {visible: 'sandboxes', ...snapshot}, rows});
}

describe('Sandboxes view', () => {
	it('renders id, status as sent, spec, created and url count', async () => {
		const h = open({
			sandboxes: list([sandbox(), sandbox({id: PAUSED, status: 'PAUSED', exposed_urls: null, created_at: NOW - 86_400_000}), sandbox({id: 'sb-new-status', status: 'HIBERNATING', exposed_urls: null})]),
		});
		const frame = await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		const lines = frame.split('\n');
		const row = (id: string) => lines.find(l => l.includes(id.slice(-8))) ?? '';
		// the spec keeps its end (name and tag) where it is cut
		expect(row(RUNNING)).toMatch(/RUNNING .*…[\w/-]*agent-server:4e2ecd8-python 5m ago +2$/);
		expect(row(PAUSED)).toMatch(/PAUSED .*1d ago +0$/);
		expect(row('sb-new-status')).toContain('HIBERNATING');
	});

	it('reads well at 80 and 120 columns: the spec keeps its tag, the id both ends, nothing else is cut', async () => {
		const rows = [sandbox(), sandbox({id: PAUSED, status: 'PAUSED', exposed_urls: null, sandbox_spec_id: 'ghcr.io/openhands/agent-server:4e2ecd8-nodejs'})];
		const h = renderApp({snapshot: {visible: 'sandboxes', sandboxes: list(rows)}, columns: 80, rows: 24});
		let frame = await h.waitFor('RLS');
		let lines = frame.split('\n');
		expect(lines.find(l => l.includes('ITLE') || l.includes('SPEC'))).toMatch(/^ {2}ID +STATUS +SP\S*C +CREATED +URLS$/);
		const line = (id: string) => lines.find(l => l.includes(id.slice(-8)))!;
		expect(line(RUNNING)).toMatch(/^› oh-agent-\S*…\S*9g9P10j RUNNING +…\S*server:4e2ecd8-python 5m ago +2$/);
		expect(line(PAUSED)).toMatch(/ PAUSED +…\S*server:4e2ecd8-nodejs /);
		for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
		h.unmount();
		// at 120 nothing needs cutting
		const wide = renderApp({snapshot: {visible: 'sandboxes', sandboxes: list(rows)}, columns: 120, rows: 40});
		frame = await wide.waitFor('RLS');
		lines = frame.split('\n');
		expect(lines.find(l => l.includes(RUNNING))).toMatch(/RUNNING +ghcr\.io\/openhands\/agent-server:4e2ecd8-python +5m ago +2$/);
		expect(frame).not.toMatch(/oh-agent-\S*…/);
	});

	it('says how many items could not be read under the rows it could read', async () => {
		const h = open({sandboxes: list([sandbox()], {unreadable: 2})});
		const frame = await h.waitFor('could not be read');
		expect(frame).toContain('1 loaded · 2 items could not be read');
		expect(frame).toContain(RUNNING.slice(-8));
	});

	it('p pauses and r resumes the selected sandbox', async () => {
		const h = open();
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		await h.press('p');
		await h.press('j', 'r');
		expect(h.store.callsOf('pauseSandbox')).toEqual([[RUNNING]]);
		expect(h.store.callsOf('resumeSandbox')).toEqual([[PAUSED]]);
	});

	it('shows "pausing…"/"resuming…" from pending actions at once, then the polled state (a resumed one booting: STARTING)', async () => {
		const h = open();
		await h.waitFor('RLS');
		h.store.set({pending: [pending('pause', RUNNING), pending('resume', PAUSED)]});
		let frame = await h.waitFor('pausing…');
		expect(frame).toContain('resuming…');
		// the call answered; while the store watches, the row shows what the server reports, except
		// docker's ERROR while the agent server boots (issue 19 §4): STARTING, with the time it took
		const booting = sandbox({id: PAUSED, status: 'ERROR', session_api_key: null, exposed_urls: null});
		h.store.set({pending: [{...pending('resume', PAUSED), phase: 'watching', startedAt: NOW - 12_000}], sandboxes: list([sandbox({}), booting])});
		frame = await h.waitFor('STARTING 12s');
		expect(frame).not.toContain('resuming…');
		expect(frame).not.toContain('ERROR');
		// past the server's own deadline (120 s) an ERROR is an error
		h.store.set({pending: [{...pending('resume', PAUSED), phase: 'watching', startedAt: NOW - 121_000}]});
		frame = await h.waitFor('ERROR…');
		expect(frame).not.toContain('STARTING');
		h.store.set({pending: [], sandboxes: list([sandbox({status: 'PAUSED', session_api_key: null, exposed_urls: null}), sandbox({id: PAUSED, status: 'RUNNING'})])});
		frame = await h.waitForGone('pausing…');
		expect(frame).not.toContain('resuming…');
		expect(selectedLine(frame)).toContain('PAUSED');
	});

	it('the footer offers what applies to the selected sandbox: pause a running one, resume a paused one (issue 19 §4)', async () => {
		const h = open({sandboxes: list([sandbox(), sandbox({id: PAUSED, status: 'PAUSED', exposed_urls: null})])}, 30);
		await h.waitFor('p pause');
		await h.waitForGone('r resume');
		await h.press('j');
		await h.waitFor('r resume');
		await h.waitForGone('p pause');
	});

	it('an ERROR sandbox offers resume and never pause; a MISSING one neither; the keys do what the footer says', async () => {
		const h = open({sandboxes: list([sandbox({status: 'ERROR', session_api_key: null, exposed_urls: null}), sandbox({id: PAUSED, status: 'MISSING', exposed_urls: null})])}, 30);
		await h.waitFor('r resume');
		// the footer follows the selection once it is drawn
		let footer = (await h.waitForGone('p pause')).split('\n').at(-1)!;
		expect(footer).toContain('r resume');
		await h.press('p');
		await h.waitFor('the sandbox is ERROR: it can be resumed or deleted, not paused');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		await h.press('r');
		expect(h.store.callsOf('resumeSandbox')).toEqual([[RUNNING]]);
		await h.press('j');
		footer = (await h.waitForGone('r resume')).split('\n').at(-1)!;
		expect(footer).not.toContain('p pause');
		expect(footer).toContain('c conversations');
		await h.press('p', 'r');
		await h.waitFor('the sandbox is MISSING: it can only be deleted, not resumed');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		expect(h.store.callsOf('resumeSandbox')).toEqual([[RUNNING]]);
	});

	it('says a sandbox is starting before it is listed', async () => {
		const h = open({pending: [pending('start', null)]});
		await h.waitFor('starting a sandbox…');
	});

	it('n starts at once with the only spec', async () => {
		const h = open();
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		await h.press('n');
		expect(h.store.callsOf('startSandbox')).toEqual([['ghcr.io/openhands/agent-server:4e2ecd8-python']]);
	});

	it('n starts with the server default when no spec is loaded', async () => {
		const h = open({specs: list(undefined)});
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		await h.press('n');
		expect(h.store.callsOf('startSandbox')).toEqual([[null]]);
	});

	it('n picks a spec when several are loaded; Esc cancels the picker', async () => {
		const h = open({specs: list([spec({id: 'image-a:1'}), spec({id: 'image-b:2'})])});
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		await h.press('n');
		await h.waitFor('Start a sandbox from which spec?');
		await h.press(KEYS.esc);
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		expect(h.store.callsOf('startSandbox')).toEqual([]);
		await h.press('n');
		await h.waitFor('image-b:2');
		await h.press('j');
		await h.press(KEYS.enter);
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		expect(h.store.callsOf('startSandbox')).toEqual([['image-b:2']]);
		// j moved the picker, not the table
		expect(selectedLine(h.frame())).toContain(RUNNING.slice(-8));
	});

	it('Enter shows details with exposed urls, masking the VSCODE tkn and the session key; Esc closes', async () => {
		const h = open({}, 40);
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		await h.press(KEYS.enter);
		const frame = await h.waitFor('Exposed urls (2)');
		expect(frame).toContain('AGENT_SERVER');
		expect(frame).toContain('http://localhost:39215');
		expect(frame).toContain('http://localhost:41877/?tkn=••••&folder=/workspace/project');
		expect(frame).toContain('session api key');
		await h.press('y');
		await h.waitFor(`copied ${RUNNING}`);
		await h.press(KEYS.esc);
		await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		for (const f of h.frames) expect(f).not.toContain(SESSION_KEY);
	});

	it('a watch that gave up marks the row "?" while it shows the status last seen, and the detail says so', async () => {
		const lostWatches = {[PAUSED]: {kind: 'resume' as const, targetState: 'RUNNING', lastStatus: 'PAUSED', lastSeenAt: NOW - 120_000, at: NOW}};
		const h = open({lostWatches}, 40);
		const frame = await h.waitFor('RLS'); // the U of URLS is underlined when coloured
		expect(frame.split('\n').find(l => l.includes(PAUSED.slice(-8)))).toMatch(/PAUSED\? /);
		await h.press('j', KEYS.enter);
		expect(await h.waitFor('no longer watched')).toContain('PAUSED (no longer watched, last seen 2m ago)');
	});
});
