/**
 * Several servers in one view (issue 16 §2): a SERVER column in each server's colour, the header's
 * word per server, actions to the row's own server, rows of a failing server kept and marked.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {createFleet} from '../../source/fleet/createFleet.js';
import {FakeStore} from './fakeStore.js';
import {NOW, conversation, list, sandbox, snapshot} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => cleanup());

const at = (minutesAgo: number) => NOW - minutesAgo * 60_000;

function twoServers(lab: Partial<Parameters<typeof snapshot>[0]> = {}) {
	const work = new FakeStore(
		snapshot({conversations: list([conversation({id: 'w1', title: 'Work first', created_at: at(1)}), conversation({id: 'same', title: 'Work shared id', created_at: at(30)})])}),
	);
	const labStore = new FakeStore(snapshot({conversations: list([conversation({id: 'same', title: 'Lab shared id', created_at: at(10)})]), ...lab}));
	const fleet = createFleet([
		{name: 'work', label: 'http://work', fromProfile: true, createStore: () => work},
		{name: 'lab', label: 'http://lab', fromProfile: true, createStore: () => labStore},
	]);
	return {work, lab: labStore, fleet};
}

const show = (fleet: ReturnType<typeof createFleet>) => renderApp({fleet, columns: 120, serverLabel: undefined});

describe('several servers in one list', () => {
	it('a SERVER column first, rows interleaved by time, the same id on two servers two rows', async () => {
		const {fleet} = twoServers();
		const h = show(fleet);
		const frame = await h.waitFor('Lab shared id');
		const lines = frame.split('\n');
		expect(lines[2]).toMatch(/^ {2}SERVER +STATE +TITLE/);
		const rows = lines.slice(3, 6).map(line => `${line.replace(/^[› ] /, '').split(/ +/)[0]} | ${/Work first|Lab shared id|Work shared id/.exec(line)?.[0]}`);
		expect(rows).toEqual(['work | Work first', 'lab | Lab shared id', 'work | Work shared id']);
	});

	it('R (the R of SERVER) sorts by the server name, A to Z; again, Z to A; rows of one server keep their order', async () => {
		const {fleet} = twoServers();
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		const order = () => h.frame().split('\n').slice(3, 6).map(line => /Work first|Lab shared id|Work shared id/.exec(line)?.[0]);
		await h.press('R');
		await h.waitFor('SERVER↑');
		expect(order()).toEqual(['Lab shared id', 'Work first', 'Work shared id']);
		await h.press('R');
		await h.waitFor('SERVER↓');
		expect(order()).toEqual(['Work first', 'Work shared id', 'Lab shared id']);
		// the Sandboxes tab's SERVER column sorts the same way
		await h.press('3');
		await h.waitFor('STATUS');
		await h.press('R');
		await h.waitFor('SERVER↑');
	});

	it('the header names each server with its word, and the needs-you count across them', async () => {
		const error = {kind: 'unreachable' as const, message: 'connection refused', at: NOW};
		const item = {key: 'k', subject: 'conversation' as const, id: 'same', state: 'finished', title: 'Lab shared id', at: NOW};
		const {fleet, lab} = twoServers({attention: [item]});
		const h = show(fleet);
		let frame = await h.waitFor('lab 1 needs you');
		expect(frame.split('\n')[0]).toMatch(/^ohtui work ok · lab 1 needs you +1 needs you \(!\)$/);
		lab.set({conversations: {...lab.getSnapshot().conversations, error, retryAt: NOW + 4000}});
		frame = await h.waitFor('lab offline');
		expect(frame.split('\n')[0]).toContain('work ok · lab offline, 1 needs you');
		// its rows stay, marked: their data may be old
		expect(frame).toContain('lab?');
		expect(frame).toContain('Lab shared id');
		// the footer says which server failed
		expect(frame).toContain('lab: connection refused');
	});

	it('an agent server that keeps no settings (before 1.17) says so calmly on the Settings tab, no "error" (issue 27 item 17)', async () => {
		const unsupported = {kind: 'unsupported' as const, message: 'this agent server keeps no settings (SDK 1.17 and later)', at: NOW};
		const {fleet, lab} = twoServers();
		lab.set({settings: {...lab.getSnapshot().settings, data: undefined, error: unsupported}});
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		await h.press('1');
		const frame = await h.waitFor('lab no settings');
		expect(frame.split('\n')[0]).toMatch(/^ohtui work ok · lab no settings/);
		expect(frame.split('\n')[0]).not.toContain('error');
	});

	it("the selected row of a server that does not answer says its data is as last seen (the preview, the details line)", async () => {
		const error = {kind: 'unreachable' as const, message: 'connection refused', at: NOW};
		for (const rows of [40, 24]) {
			const {fleet, lab} = twoServers();
			const h = renderApp({fleet, columns: 120, rows, serverLabel: undefined});
			await h.waitFor('Lab shared id');
			await h.press('j');
			expect(selectedLine(h.frame())).toContain('Lab shared id');
			expect(h.frame()).toContain('on lab');
			expect(h.frame()).not.toContain('as last seen');
			lab.set({conversations: {...lab.getSnapshot().conversations, error, retryAt: NOW + 4000}});
			await h.waitFor('on lab, as last seen (lab does not answer)');
			h.unmount();
		}
	});

	it('every action goes to the row own server, with that server own ids', async () => {
		const {fleet, work, lab} = twoServers();
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		await h.press(KEYS.down);
		expect(selectedLine(h.frame())).toContain('Lab shared id');
		await h.press('m', 'h', 'i', KEYS.enter);
		expect(lab.callsOf('sendMessage')).toEqual([['same', 'hi', undefined]]);
		expect(work.callsOf('sendMessage')).toEqual([]);
		await h.press(KEYS.down, 'D');
		await h.waitFor('Delete conversation');
		expect(work.callsOf('conversationsInSandbox')).toContainEqual([conversation().sandbox_id]);
		expect(lab.callsOf('conversationsInSandbox').at(-1)).toEqual([null]);
	});

	it('the sandboxes of every server, each row named after its server', async () => {
		const {fleet, work, lab} = twoServers();
		work.set({sandboxes: list([sandbox({id: 'sb-work', created_at: at(5)})])});
		lab.set({sandboxes: list([sandbox({id: 'sb-lab', created_at: at(1)})])});
		const h = show(fleet);
		await h.press('3');
		const frame = await h.waitFor('sb-work');
		expect(frame).toMatch(/lab +sb-lab/);
		expect(frame).toMatch(/work +sb-work/);
		await h.press('p');
		expect(lab.callsOf('pauseSandbox')).toEqual([['sb-lab']]);
		expect(work.callsOf('pauseSandbox')).toEqual([]);
	});

	it('one server: no SERVER column, the header as before with the profile name', async () => {
		const store = new FakeStore(snapshot({conversations: list([conversation()])}));
		const fleet = createFleet([{name: 'work', label: 'http://work:3000', fromProfile: true, createStore: () => store}]);
		const h = renderApp({fleet, serverLabel: undefined});
		const frame = await h.waitFor('TITLE');
		expect(frame.split('\n')[0]).toMatch(/^ohtui work http:\/\/work:3000 +ok$/);
		expect(frame).not.toContain('SERVER');
	});

	it('S picks the servers in view: one alone, several marked, or all; out of view is stopped', async () => {
		const {fleet, work, lab} = twoServers();
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		await h.press('S');
		let frame = await h.waitFor('Servers in view (2 of 2)');
		expect(frame).toMatch(/\[x\] work +http:\/\/work +ok/);
		// Enter on lab: lab alone
		await h.press(KEYS.down, KEYS.down, KEYS.enter);
		frame = await h.waitForGone('Servers in view');
		expect(frame.split('\n')[0]).toMatch(/^ohtui lab http:\/\/lab +ok$/);
		expect(frame).not.toContain('Work first');
		expect(work.callsOf('dispose')).toHaveLength(1);
		expect(lab.callsOf('dispose')).toHaveLength(0);
		// marked with Space, then Enter: the marked ones
		await h.press('S', KEYS.down, ' ', KEYS.enter);
		frame = await h.waitFor('Work first');
		expect(frame.split('\n')[0]).toMatch(/^ohtui work ok · lab ok/);
		await h.press('S', 'a');
		await h.waitForGone('Servers in view');
		expect(fleet.getSnapshot().inView).toEqual(['work', 'lab']);
	});

	it('S shows each server its needs-you count, in view or not: out of view, as it was when it left (nothing is asked of it)', async () => {
		const item = {key: 'k', subject: 'conversation' as const, id: 'same', state: 'finished', title: 'Lab shared id', at: NOW};
		const work = new FakeStore(snapshot({conversations: list([conversation({id: 'w1', title: 'Work first'})])}));
		const lab = new FakeStore(snapshot({conversations: list([conversation({id: 'same', title: 'Lab shared id'})]), attention: [item]}));
		const never = new FakeStore(snapshot());
		let clock = NOW;
		const fleet = createFleet(
			[
				{name: 'work', label: 'http://work', fromProfile: true, createStore: () => work},
				{name: 'lab', label: 'http://lab', fromProfile: true, createStore: () => lab},
				{name: 'cloud', label: 'http://cloud', fromProfile: true, createStore: () => never},
			],
			{inView: ['work', 'lab'], now: () => clock},
		);
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		await h.press('S');
		let frame = await h.waitFor('Servers in view (2 of 3)');
		expect(frame).toMatch(/\[x\] lab +http:\/\/lab +1 needs you/);
		expect(frame).toMatch(/\[ \] cloud +http:\/\/cloud +not in view/);
		// work alone: lab leaves the view (4 minutes before the UI's now) and keeps its count, dated
		clock = NOW - 4 * 60_000;
		await h.press(KEYS.down, KEYS.enter);
		await h.waitForGone('Servers in view');
		expect(lab.callsOf('dispose')).toHaveLength(1);
		await h.press('S');
		frame = await h.waitFor('Servers in view (1 of 3)');
		expect(frame).toMatch(/\[ \] lab +http:\/\/lab +1 needs you \(as of 4m ago\)/);
		expect(frame).toMatch(/\[x\] work +http:\/\/work +ok/);
		expect(frame).toMatch(/\[ \] cloud +http:\/\/cloud +not in view/);
	});

	it('the settings of each server, one part each', async () => {
		const {fleet} = twoServers();
		const h = renderApp({fleet, columns: 120, rows: 120, serverLabel: undefined});
		await h.press('1');
		const frame = await h.waitFor('lab · http://lab');
		expect(frame.indexOf('work · http://work')).toBeLessThan(frame.indexOf('lab · http://lab'));
	});

	it('n asks which server first (the selected row own first), then the form creates it there', async () => {
		const {fleet, work, lab} = twoServers();
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		await h.press(KEYS.down, 'n');
		let frame = await h.waitFor('New conversation on which server?');
		expect(selectedLine(frame)).toContain('lab');
		await h.press(KEYS.down, KEYS.enter);
		frame = await h.waitFor('New conversation (work)');
		await h.press('f', 'i', 'x', KEYS.enter);
		await h.waitForGone('New conversation (work)');
		expect(work.callsOf('createConversation')).toEqual([[{initialMessage: 'fix', repository: null, branch: null, sandboxId: null}]]);
		expect(lab.callsOf('createConversation')).toEqual([]);
	});

	it('n names a server that does not answer as such in its question', async () => {
		const {fleet, lab} = twoServers();
		lab.set({conversations: {...lab.getSnapshot().conversations, error: {kind: 'unreachable' as const, message: 'connection refused', at: NOW}, retryAt: NOW + 4000}});
		const h = show(fleet);
		await h.waitFor('lab offline');
		await h.press('n');
		const frame = await h.waitFor('New conversation on which server?');
		expect(frame).toMatch(/lab {2}\(does not answer\)/);
		expect(frame).not.toMatch(/work {2}\(does not answer\)/);
	});

	it('the ! list and the notifications say whose agent needs you', async () => {
		const item = {key: 'k', subject: 'conversation' as const, id: 'same', state: 'finished', title: 'Lab shared id', at: NOW};
		const {fleet, lab} = twoServers();
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		lab.set({attention: [item]});
		await h.press('!');
		await h.waitFor('Lab shared id (lab) finished');
	});

	it('a conversation open in its activity closes when S takes its server out of view', async () => {
		const {fleet} = twoServers();
		const h = show(fleet);
		await h.waitFor('Lab shared id');
		await h.press(KEYS.down, 'l');
		await h.waitFor('Esc back');
		await h.press('S', KEYS.down, KEYS.enter);
		const frame = await h.waitFor('Work first');
		expect(frame).not.toContain('Lab shared id');
		expect(frame).toContain('TITLE');
	});
});

describe('the header with more servers than fit (issue 16 §2, issue 19 §1)', () => {
	it('keeps the count across them whole at the right edge and cuts the servers\u2019 words before it', async () => {
		const item = (id: string) => ({key: id, subject: 'conversation' as const, id, state: 'finished', title: id, at: NOW});
		const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
		const fleet = createFleet(
			names.map(name => ({name, label: `http://${name}`, fromProfile: true, createStore: () => new FakeStore(snapshot({attention: [item(`${name}1`), item(`${name}2`)]}))})),
		);
		const h = renderApp({fleet, columns: 80, rows: 24, serverLabel: undefined});
		const frame = await h.waitFor('10 need you (!)');
		const first = frame.split('\n')[0]!;
		expect(first).toMatch(/^ohtui alpha 2 need you · bravo 2 need you · .*… +10 need you \(!\)$/);
		expect(first.length).toBeLessThanOrEqual(80);
	});
});
