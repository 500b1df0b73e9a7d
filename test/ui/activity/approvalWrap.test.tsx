// Issue 26 item 3: at 80x24 a confirmation was cut before the command and its risk ("approve “…",
// "risk HIG…"). The dialog wraps: the whole command, a few rows, then `…` with Enter for all of
// it; the risk always whole; y confirms. In the list, in `!` and in the activity.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {approvalText} from '../../../source/ui/attention/approvalText.js';
import {NOW, conversation, list} from '../fixtures.js';
import {activityState, CURRENT, event} from '../eventFixtures.js';
import {renderApp} from '../harness.js';

afterEach(() => cleanup());

const ID = conversation().id;
const LONG = `psql "$DATABASE_URL" -c "BEGIN; DELETE FROM sessions WHERE created_at < now() - interval '30 days'; DROP TABLE legacy_sessions; DROP TABLE legacy_tokens; VACUUM FULL; COMMIT;" && echo done-${'x'.repeat(120)}-end`;
const pendingRun = (command: string) => event({...CURRENT.pendingRm, action: {kind: 'TerminalAction', command, is_input: false, reset: false}});
const waiting = event(CURRENT.waiting);

function app(columns = 80, rows = 24, command = LONG) {
	const c = conversation({execution_status: 'waiting_for_confirmation', updated_at: NOW, title: 'Clean up the old session tables'});
	const events = [pendingRun(command), waiting];
	return renderApp({
		columns,
		rows,
		snapshot: {
			conversations: list([c]),
			glimpses: {[ID]: {events, fetchedAt: NOW, error: null, stateSince: null}},
			attention: [{key: 'k', subject: 'conversation', id: ID, state: 'waiting_for_confirmation', reason: 'waiting', title: c.title ?? '', at: NOW, conversation: c}],
			activity: activityState(ID, events),
		},
	});
}

/** The dialog's rows: from its question to its keys. */
function dialog(frame: string, first: RegExp): string[] {
	const lines = frame.split('\n');
	const from = lines.findIndex(line => first.test(line));
	const to = lines.findIndex((line, i) => i > from && /y confirm|Enter rejects/.test(line));
	return lines.slice(from, to + 1);
}

describe('approval dialogs at 80x24', () => {
	it('the list: the command wrapped over a few rows, then … and the risk whole; Enter shows all of it, y accepts', async () => {
		const h = app();
		await h.waitFor('Clean up the old');
		await h.press('a');
		const frame = await h.waitFor('Enter shows all of it');
		const rows = dialog(frame, /^Accept the pending action of/);
		expect(rows[0]).toMatch(/^Accept the pending action of “Clean up the old session tables”: terminal \$ psql/);
		expect(rows.length).toBeGreaterThanOrEqual(4);
		expect(rows.at(-2)).toMatch(/… · risk HIGH\?$/);
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
		expect(frame.split('\n')).toHaveLength(24);
		// Enter shows the rest (it does not accept)
		await h.press('\r');
		const all = await h.waitFor(/-end(\n| · )risk HIGH\?/);
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		expect(all).not.toContain('Enter shows all of it');
		expect(all.split('\n')).toHaveLength(24);
		expect(all.replace(/\n/g, '')).toContain('DROP TABLE legacy_tokens;');
		await h.press('y');
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'accept', undefined]]));
	});

	it('`!` and the activity: the same rows; a reject dialog shows them above its reason', async () => {
		const h = app();
		await h.waitFor('Clean up the old');
		await h.press('!');
		await h.waitFor('Needs you (1)');
		await h.press('a');
		const inList = dialog(await h.waitFor('Enter shows all of it'), /^Accept the pending action of/);
		expect(inList.at(-2)).toMatch(/… · risk HIGH\?$/);
		await h.press('n');
		await h.waitForGone('Enter shows all of it');
		await h.press('\x1b', 'l');
		await h.waitFor('waiting for confirmation:');
		await h.press('x');
		const reject = dialog(await h.waitFor('Enter rejects'), /^Reject the pending action of/);
		expect(reject[0]).toMatch(/terminal \$ psql/);
		expect(reject.at(-2)).toMatch(/… · risk HIGH$/);
	});
});

describe('R while an action waits (a run executes it: a confirmation like a)', () => {
	it('the activity at 80x24: the command wrapped, then … and the risk whole; Enter shows all of it, y runs', async () => {
		const h = app(80, 24, `${LONG} && ${'y'.repeat(60)}-last`);
		await h.waitFor('Clean up the old');
		await h.press('l');
		await h.waitFor('waiting for confirmation:');
		// without colour the block is marked with waiting's own glyph, not stuck's `!` (issue 26 item 6)
		expect(await h.waitFor('waiting for confirmation:')).toMatch(/^\? waiting for confirmation: 1 action/m);
		await h.press('R');
		const frame = await h.waitFor('Enter shows all of it');
		const rows = dialog(frame, /^Run the agent\? It first runs/);
		// was one row cut after `psql "$DATABASE_URL"…`, with no risk
		expect(rows[0]).toMatch(/^Run the agent\? It first runs the pending action: terminal \$ psql/);
		expect(rows.length).toBeGreaterThanOrEqual(4);
		expect(rows.at(-2)).toMatch(/… · risk HIGH$/);
		expect(frame.split('\n')).toHaveLength(24);
		await h.press('\r');
		const all = await h.waitFor(/-last( · |\n)risk HIGH/);
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		expect(all.split('\n')).toHaveLength(24);
		expect(all.replace(/\n/g, '')).toContain('DROP TABLE legacy_tokens;');
		await h.press('y');
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'run', undefined]]));
	});
});

describe('approvalText', () => {
	const one = {lines: ['terminal $ rm -rf build/'], risk: 'risk HIGH'};
	it('fits on one row where there is room, as before', () => {
		expect(approvalText({question: 'Accept the pending action', actions: [one], end: '?', width: 120, rows: 4})).toEqual({rows: ['Accept the pending action: terminal $ rm -rf build/ · risk HIGH?'], cut: false});
	});

	it('several actions: a row each at least, then how many more', () => {
		const many = Array.from({length: 6}, (_, i) => ({lines: [`terminal $ step ${i}`], risk: i === 5 ? 'risk HIGH' : null}));
		const text = approvalText({question: 'Accept 6 pending actions', actions: many, end: '?', width: 80, rows: 4});
		expect(text).toEqual({rows: ['Accept 6 pending actions?', '  terminal $ step 0', '  terminal $ step 1', '  terminal $ step 2', '  … 3 more'], cut: true});
		expect(approvalText({question: 'Accept 6 pending actions', actions: many, end: '?', width: 80, rows: 20}).rows.at(-1)).toBe('  terminal $ step 5 · risk HIGH');
	});

	it('a risk that does not fit after the last row gets a row of its own, never cut', () => {
		const text = approvalText({question: 'Q', actions: [{lines: ['x'.repeat(75)], risk: 'risk HIGH'}], end: '?', width: 80, rows: 4});
		expect(text.cut).toBe(false);
		expect(text.rows.at(-1)).toBe('risk HIGH?');
	});
});
