// Issue 26 item 7: `p` on a conversation row paused its whole sandbox without a question, and the
// pending approval vanished under `‖ paused`. A pause asks once and names what stops with it; `P`
// pauses the agent; the footer says which of the two each key is, and `?` tells the case pairs apart.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {helpEntries} from '../../source/ui/widgets/HelpOverlay.js';
import {CURRENT, event} from './eventFixtures.js';
import {NOW, conversation, list} from './fixtures.js';
import {renderApp} from './harness.js';

afterEach(() => cleanup());

const SANDBOX = 'oh-sandbox-alone';
const waiting = conversation({title: 'Clean the build', sandbox_id: SANDBOX, execution_status: 'waiting_for_confirmation', updated_at: NOW});
const ID = waiting.id;
const alone = {sandboxConversations: {sandboxId: SANDBOX, conversations: [waiting], source: 'server' as const, error: null}};

function app(c = waiting) {
	const events = [event(CURRENT.pendingRm), event(CURRENT.waiting)];
	return renderApp({columns: 140, snapshot: {conversations: list([c]), glimpses: {[ID]: {events, fetchedAt: NOW, error: null, stateSince: null}}}});
}

describe('p and P on a conversation row', () => {
	it('p asks even when nobody else uses the sandbox, naming the action left unanswered; y pauses it', async () => {
		const h = app();
		await h.waitFor('Clean the build');
		await h.press('p');
		h.store.set(alone);
		const frame = await h.waitFor(`Pause sandbox ${SANDBOX} of "Clean the build"?`);
		expect(frame.replace(/\n/g, ' ')).toMatch(/the whole runtime stops: no other conversation runs in it; the action it waits for you to approve \(terminal \$ rm -rf build\/ · risk HIGH\) stays unanswered while paused\. P pauses only the agent/);
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		await h.press('y');
		expect(h.store.callsOf('pauseSandbox')).toEqual([[SANDBOX]]);
	});

	it('at 80x24 the question keeps its first row: the rows made for it are the rows it draws', async () => {
		// the demo's wait, whose words Ink wrapped into a row more than its width in columns said
		const psql = event({...CURRENT.pendingRm, action: {kind: 'TerminalAction', command: 'psql "$DATABASE_URL" -c "DROP TABLE legacy_sessions;"', is_input: false, reset: false}});
		const events = [psql, event(CURRENT.waiting)];
		const h = renderApp({columns: 80, rows: 24, snapshot: {conversations: list([waiting]), glimpses: {[ID]: {events, fetchedAt: NOW, error: null, stateSince: null}}}});
		await h.waitFor('Clean the build');
		await h.press('p');
		h.store.set(alone);
		const frame = await h.waitFor('P pauses only');
		const lines = frame.split('\n');
		expect(lines).toHaveLength(24);
		const at = lines.findIndex(line => line.startsWith('Pause sandbox'));
		expect(at).toBeGreaterThan(0);
		expect(lines[at + 1]).toMatch(/^the whole runtime stops/);
		expect(lines.slice(at).join(' ')).toContain('y/Enter confirm');
	});

	it('P pauses the agent, not the sandbox; where the agent is not running it says so and sends nothing', async () => {
		const running = {...waiting, execution_status: 'running' as const};
		const h = app(running);
		await h.waitFor('Clean the build');
		// the footer follows the selection once it is drawn
		const footer = (await h.waitFor('P pause agent')).split('\n').at(-1)!;
		expect(footer).toContain('p pause sandbox');
		expect(footer).toContain('P pause agent');
		await h.press('P');
		await vi.waitFor(() => expect(h.store.callsOf('controlAgent')).toEqual([[ID, 'pause', undefined]]));
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		expect(h.store.callsOf('conversationsInSandbox')).toEqual([]);
		h.store.set({conversations: list([{...running, execution_status: 'finished'}])});
		await h.waitForGone('P pause agent');
		await h.press('P');
		await h.waitFor('the agent is finished: nothing to pause');
		expect(h.store.callsOf('controlAgent')).toHaveLength(1);
	});
});

describe('? tells the case pairs apart', () => {
	it('one line per pair, right under the screen\'s own keys', () => {
		const lines = helpEntries(['conversations', 'conversation', 'conversationSandbox', 'list']).map(e => (e.kind === 'field' ? `${e.label} ${e.value}` : `# ${e.text}`));
		const at = lines.indexOf('# Lower and upper case');
		expect(at).toBeGreaterThan(0);
		expect(lines.indexOf('# Everywhere')).toBeGreaterThan(at);
		expect(lines.slice(at + 1, at + 6).map(line => line.slice(0, 5))).toEqual(['p / P', 'r / R', 'c / C', 'a / A', 'n / N']);
		expect(lines[at + 1]).toBe('p / P p pauses the whole sandbox; P pauses only the agent');
	});
});
