/** The views over an agent server (issue 16 §1, issue 21 item 1), on a FakeStore. */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import type {AppConversation} from '../../source/api/schemas/index.js';
import {readAgentSettings} from '../../source/api/agent/agentSettings.js';
import {agentServerCapabilities} from '../../source/api/probe.js';
import {defaultAgentSettings} from '../support/agentFixture.js';
import type {ServerInfo} from '../../source/api/client.js';
import type {AgentInfo, ChangesState} from '../../source/store/types.js';
import {conversationColumns} from '../../source/ui/views/conversationColumns.js';
import {conversation, list, resource} from './fixtures.js';
import {KEYS, renderApp} from './harness.js';
import {activityState, event, LEGACY} from './eventFixtures.js';

afterEach(() => cleanup());

const AGENT: ServerInfo = {kind: 'agent-server', generation: null, flavour: null, auth: 'session', version: '1.43.1', capabilities: agentServerCapabilities, label: 'agent server 1.43.1'};

/** An agent server's conversation as the client reads it (no sandbox, a working directory). */
function agentConversation(overrides: Partial<AppConversation> = {}): AppConversation {
	return conversation({
		sandbox_id: '',
		selected_repository: null,
		selected_branch: null,
		git_provider: null,
		conversation_url: null,
		session_api_key: null,
		working_dir: '/home/me/dates',
		llm_model: 'openai/gpt-4o',
		confirmation_policy: {kind: 'AlwaysConfirm'},
		execution_status: 'waiting_for_confirmation',
		...overrides,
	});
}

const agentInfo = (overrides: Partial<AgentInfo> = {}): AgentInfo => ({version: '1.43.1', rejects: true, interrupts: true, policy: null, workingDir: null, clockOffsetMs: 0, ...overrides});

describe('an agent server in the views', () => {
	it('the list: the columns that apply, no sandbox column nor sandbox keys', async () => {
		const h = renderApp({columns: 120, snapshot: {server: AGENT, conversations: list([agentConversation()])}});
		const frame = await h.waitFor('l activity');
		// at 120 columns the model and the cost give way to the title; the preview names them
		expect(frame).toMatch(/STATE +TITLE +DOING +REPO \/ DIR +UPDATED/);
		expect(frame).toContain('/home/me/dates');
		expect(frame).toContain('· gpt-4o ·');
		expect(frame).not.toContain('SANDBOX');
		expect(frame).not.toMatch(/s sandbox|p pause/);
		expect(frame).toContain('c changes');
		await h.press('s', 'p', 'r');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		expect(h.store.callsOf('resumeSandbox')).toEqual([]);
		// a key that does nothing says why (issue 19 §4)
		await h.waitFor('agent servers have no sandboxes: the agent runs on the server itself');
		await h.press('c');
		await h.waitFor('Changes · Fix flaky');
		await vi.waitFor(() => expect(h.store.callsOf('openChanges')).toEqual([[conversation().id]]));
	});

	it('before 1.6.0 the preview and the footer say what x does there: it leaves the action waiting (issue 21 item 1)', async () => {
		for (const [version, keys] of [
			['1.1.0', 'a accept · x leave waiting'],
			['1.43.1', 'a accept · x reject'],
		] as const) {
			const server = {...AGENT, version, label: `agent server ${version}`};
			const h = renderApp({columns: 120, rows: 40, snapshot: {server, conversations: list([agentConversation()])}});
			// the footer follows the selection once it is drawn
			const frame = await h.waitFor(keys.replace(' · ', '  '));
			expect(frame).toContain(`waits for you (${keys}): a confirmation`);
			if (version === '1.1.0') {
				expect(frame).not.toContain('x reject');
				await h.press('x');
				await h.waitFor('This agent server (1.1.0) cannot reject an action: leave it waiting?');
			}
			h.unmount();
		}
	});

	it('the ! list says what x does on the selected item\'s server: leave waiting before 1.6.0, reject after', async () => {
		for (const [version, keys] of [
			['1.1.0', 'a accept · x leave waiting'],
			['1.43.1', 'a accept · x reject'],
		] as const) {
			const server = {...AGENT, version, label: `agent server ${version}`};
			const c = agentConversation();
			const waiting = {key: `conversation:${c.id}:w`, subject: 'conversation' as const, id: c.id, state: 'waiting_for_confirmation', reason: 'waiting' as const, transition: true, title: c.title ?? '', at: 0};
			const h = renderApp({columns: 120, rows: 30, snapshot: {server, conversations: list([c]), attention: [waiting]}});
			await h.waitFor('1 needs you (!)');
			await h.press('!');
			await h.waitFor(`Enter go there · ${keys} · d dismiss`);
			// the footer says the same (its keys follow a frame later)
			const frame = await h.waitFor(new RegExp(`\\n.*${keys.split(' · ')[1]!}  d dismiss[^\\n]*$`));
			if (version === '1.1.0') expect(frame).not.toContain('x reject');
			h.unmount();
		}
	});

	it('beside an app server: the sandbox column stays, an agent server\'s row shows none there', () => {
		const context = {items: new Map(), boots: new Map(), glimpses: {}, clock: () => 0};
		const columns = conversationColumns([conversation(), agentConversation()], context, true);
		const sandboxColumn = columns.find(c => c.id === 'sandbox')!;
		const row = {...conversation(), server: 'local'};
		expect(sandboxColumn.text(row, 0)).toBe('RUNNING');
		expect(sandboxColumn.text({...agentConversation(), server: 'agent'}, 0)).toBe('—');
		expect(columns.find(c => c.id === 'model')!.text(row, 0)).toBe('claude-sonnet-4-5');
	});

	it('an app server keeps its sandbox column and keys', async () => {
		// (from 150 columns: below, the state column says paused, missing or failed and the title takes the room)
		const h = renderApp({columns: 160, snapshot: {conversations: list([conversation()])}});
		const frame = await h.waitFor('l activity');
		expect(frame).toContain('SANDBOX');
		expect(frame).toContain('p pause');
	});

	it('a tab the server cannot serve is one line; the number keys still switch tabs', async () => {
		const error = {kind: 'unsupported' as const, message: 'agent servers have no sandboxes', at: 0};
		const h = renderApp({snapshot: {server: AGENT, visible: 'sandboxes', sandboxes: list(undefined, {error})}});
		const frame = await h.waitFor('agent servers have no sandboxes');
		const lines = frame.split('\n');
		expect(lines[0]).toMatch(/n\/a$/);
		expect(lines[2]).toBe('agent servers have no sandboxes');
		// said once: not again in the footer, and no sandbox keys offered
		expect(frame.split('agent servers have no sandboxes')).toHaveLength(2);
		expect(frame).not.toContain('n start');
		await h.press('2');
		await h.waitFor('TITLE');
	});

	it('a URL that is no OpenHands server: said on the tab, in place of the view', async () => {
		const error = {kind: 'not_openhands' as const, message: 'not an OpenHands server: example.com answers neither /api/v1/settings, /api/settings nor /server_info as OpenHands does', at: 0};
		const h = renderApp({snapshot: {conversations: list(undefined, {error, retryAt: 60_000})}});
		const frame = await h.waitFor('not an OpenHands server: example.com');
		expect(frame.split('\n')[0]).toContain('not an OpenHands server');
		expect(frame).not.toContain('TITLE');
	});

	it('n: a working directory and the first message, and which saved settings it uses', async () => {
		const settings = resource(renderSettings());
		const h = renderApp({columns: 120, snapshot: {server: AGENT, settings, conversations: list([agentConversation()])}});
		await h.waitFor('Fix flaky');
		await h.press('n');
		await h.waitFor('New conversation on the agent server');
		// read when the form opens (issue 26 item 13): what was read before is not shown meanwhile
		expect(h.store.callsOf('readNow')).toEqual([['settings']]);
		expect(await h.waitFor("uses the server's saved settings (reading them…)")).not.toContain('gpt-4o');
		const fresh = renderSettings();
		h.store.set({settings: resource({...fresh, llm: {...fresh.llm, model: 'openai/gpt-5.5'}})});
		const frame = await h.waitFor('gpt-5.5');
		expect(frame).toMatch(/uses the server's saved settings: model openai\/gpt-5.5 · agent CodeActAgent · confirmation: confirm risky actions/);
		expect(frame).toContain('Working directory *');
		expect(frame).not.toContain('Repository');
		await h.press('/srv/app', KEYS.tab, 'add tests', KEYS.enter);
		expect(h.store.callsOf('createConversation')).toEqual([[{initialMessage: 'add tests', workingDir: '/srv/app'}]]);
	});

	it('D: what goes with it, no sandbox lookup', async () => {
		const h = renderApp({snapshot: {server: AGENT, conversations: list([agentConversation()])}});
		await h.waitFor('Fix flaky');
		await h.press('D');
		await h.waitFor('its events and state go from the agent server');
		expect(h.store.callsOf('conversationsInSandbox')).toEqual([]);
		await h.press('y');
		expect(h.store.callsOf('deleteConversation')).toEqual([[conversation().id]]);
	});
});

describe('changes', () => {
	const state = (overrides: Partial<ChangesState> = {}): ChangesState => ({
		conversationId: conversation().id,
		workingDir: '/home/me/dates',
		files: [
			{path: 'src/dates.py', status: 'UPDATED', added: 5, removed: 2},
			{path: 'NEW.md', status: 'ADDED', added: null, removed: null},
		],
		loading: false,
		error: null,
		none: null,
		diff: null,
		...overrides,
	});

	it('the files with their counts (unknown: ?), Enter the diff in the pager, masked, Esc back', async () => {
		const h = renderApp({snapshot: {server: AGENT, conversations: list([agentConversation()]), changes: state()}});
		await h.waitFor('Fix flaky');
		await h.press('c');
		const frame = await h.waitFor('src/dates.py');
		expect(frame).toMatch(/› UPDATED +\+5 +-2 src\/dates\.py/);
		expect(frame).toMatch(/ADDED +\? +\? NEW\.md/);
		expect(frame).toContain('2 files changed');
		await h.press(KEYS.enter);
		expect(h.store.callsOf('openDiff')).toEqual([['src/dates.py']]);
		const secret = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';
		h.store.set({changes: state({diff: {path: 'src/dates.py', loading: false, error: null, note: null, text: `--- a/src/dates.py\n+++ b/src/dates.py\n@@ -1,2 +1,2 @@\n def parse(s):\n-    return s\n+    return datetime.fromisoformat(s)\n+ANTHROPIC_API_KEY=${secret}`}})});
		const diff = await h.waitFor('+    return datetime.fromisoformat(s)');
		expect(diff).toContain('-    return s');
		expect(diff).toContain('@@ -1,2 +1,2 @@');
		expect(diff).not.toContain(secret);
		await h.press(KEYS.esc);
		expect(h.store.callsOf('openDiff').at(-1)).toEqual([null]);
	});

	it('nothing changed: said in words', async () => {
		const h = renderApp({snapshot: {server: AGENT, conversations: list([agentConversation()]), changes: state({files: [], none: 'no changes in /home/me/dates (or it is not a git repository)'})}});
		await h.waitFor('Fix flaky');
		await h.press('c');
		await h.waitFor('no changes in /home/me/dates (or it is not a git repository)');
	});
});

describe('the activity of an agent-server conversation', () => {
	const events = () => [LEGACY.bash, LEGACY.waiting].map(e => event(e));
	function open(agent: AgentInfo) {
		const id = conversation().id;
		return renderApp({columns: 120, rows: 40, snapshot: {server: AGENT, conversations: list([agentConversation()]), activity: {...activityState(id, events()), agent}}});
	}

	it('the header shows the working directory and the policy; C switches it after a confirmation', async () => {
		const h = open(agentInfo());
		await h.waitFor('Fix flaky');
		await h.press('l');
		const frame = await h.waitFor('confirm: always confirm');
		expect(frame).toContain('/home/me/dates');
		expect(frame).not.toContain('sandbox RUNNING');
		await h.press('C');
		await h.waitFor('Confirmation policy of');
		await h.press('j', KEYS.enter);
		await h.waitFor('Switch “Fix flaky date parsing test” to confirm risky actions (HIGH, unknown too)?');
		expect(h.store.callsOf('setConfirmationPolicy')).toEqual([]);
		await h.press('y');
		expect(h.store.callsOf('setConfirmationPolicy')).toEqual([[conversation().id, {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true}]]);
	});

	it('p and r (the sandbox keys of an app-server conversation) say there is no sandbox here', async () => {
		const h = open(agentInfo());
		await h.waitFor('Fix flaky');
		await h.press('l');
		await h.waitFor('confirm: always confirm');
		expect(h.frame()).not.toContain('agent servers have no sandboxes');
		await h.press('p');
		await h.waitFor('agent servers have no sandboxes: the agent runs on the server itself');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
	});

	it('R while an action waits asks first (a run executes it); I interrupts', async () => {
		const h = open(agentInfo());
		await h.waitFor('Fix flaky');
		await h.press('l');
		await h.waitFor('waiting for confirmation');
		await h.press('R');
		await h.waitFor('Run the agent? It first runs the pending action');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
		await h.press('y', 'I');
		expect(h.store.callsOf('controlAgent')).toEqual([[conversation().id, 'run', undefined], [conversation().id, 'interrupt', undefined]]);
	});

	it('x on an agent server before 1.6.0: says it cannot reject, sends nothing (issue 21 item 1)', async () => {
		const h = open(agentInfo({version: '1.1.0', rejects: false}));
		await h.waitFor('Fix flaky');
		await h.press('l');
		const frame = await h.waitFor('agent server 1.1.0: no reject');
		// the block over the events and the footer say what x does here, as the dialog asks
		expect(frame).toContain('waiting for confirmation: 1 action · a accept · x leave waiting');
		expect(frame.split('\n').at(-1)).toContain('x leave waiting');
		expect(frame).not.toContain('x reject');
		await h.press('x');
		await h.waitFor('This agent server (1.1.0) cannot reject an action: leave it waiting?');
		await h.press('y');
		await h.waitFor('left waiting: nothing was sent');
		expect(h.store.callsOf('controlAgent')).toEqual([]);
	});
});

function renderSettings() {
	return readAgentSettings({operation: 'GET fixture', host: 'fixture'}, defaultAgentSettings(), 200, null);
}
