/**
 * The fleet over stand-in stores (test/ui/fakeStore.ts): one server is a pass-through; several are
 * merged (rows interleaved by time, each server's order kept, ids that repeat kept apart) and every
 * action reaches the store of the server its Ref names.
 */
import {describe, expect, it} from 'vitest';
import {createFleet} from '../../source/fleet/createFleet.js';
import {refKey} from '../../source/fleet/types.js';
import type {StoreSnapshot} from '../../source/store/types.js';
import {FakeStore} from '../ui/fakeStore.js';
import {NOW, conversation, list, sandbox, snapshot} from '../ui/fixtures.js';

function members(stores: Record<string, FakeStore>, readOnly: string[] = []) {
	return Object.entries(stores).map(([name, store]) => ({name, label: `http://${name}`, readOnly: readOnly.includes(name), createStore: () => store}));
}

const at = (minutesAgo: number) => NOW - minutesAgo * 60_000;
const conv = (id: string, minutesAgo: number) => conversation({id, created_at: at(minutesAgo)});

describe('one server: a pass-through', () => {
	it('notifies once per store notification, never for a notification that changed nothing', () => {
		const store = new FakeStore(snapshot({conversations: list([conv('a', 1), conv('b', 2)])}));
		const fleet = createFleet(members({work: store}));
		let told = 0;
		fleet.subscribe(() => told++);
		store.set({notice: {level: 'info', text: 'x', at: NOW}});
		expect(told).toBe(1);
		store.poke();
		expect(told).toBe(1);
		store.set({sandboxes: list([sandbox()])});
		expect(told).toBe(2);
	});

	it('keeps identities: the list, each row and the snapshot stay while their parts do', () => {
		const a = conv('a', 1);
		const b = conv('b', 2);
		const store = new FakeStore(snapshot({conversations: list([a, b])}));
		const fleet = createFleet(members({work: store}));
		const first = fleet.getSnapshot();
		expect(first.conversations.data).toEqual([{...a, server: 'work'}, {...b, server: 'work'}]);
		expect(fleet.getSnapshot()).toBe(first);
		// another part changed: the conversations keep their identity
		store.set({sandboxes: list([sandbox()])});
		const second = fleet.getSnapshot();
		expect(second).not.toBe(first);
		expect(second.conversations).toBe(first.conversations);
		// one row changed: a new list, the unchanged row keeps its wrapper
		const a2 = {...a, title: 'renamed'};
		store.set({conversations: list([a2, b])});
		const third = fleet.getSnapshot().conversations.data!;
		expect(third[0]).toEqual({...a2, server: 'work'});
		expect(third[1]).toBe(first.conversations.data![1]);
	});

	it('forwards list calls unchanged', () => {
		const store = new FakeStore(snapshot());
		const fleet = createFleet(members({work: store}));
		fleet.setViewport('conversations', 40, 60);
		fleet.loadMore('conversations');
		fleet.conversationsInSandbox(null);
		expect(store.calls.map(c => [c.method, ...c.args])).toEqual([
			['setViewport', 'conversations', 40, 60],
			['loadMore', 'conversations'],
			['conversationsInSandbox', null],
		]);
	});
});

describe('several servers', () => {
	it('interleaves rows by time, keeps each server own order, and keeps repeated ids apart', () => {
		const work = new FakeStore(snapshot({conversations: list([conv('same', 1), conv('w2', 10), conv('w3', 30)])}));
		const lab = new FakeStore(snapshot({conversations: list([conv('l1', 5), conv('same', 20)])}));
		const fleet = createFleet(members({work, lab}));
		const rows = fleet.getSnapshot().conversations.data!;
		expect(rows.map(r => `${r.server}/${r.id}`)).toEqual(['work/same', 'lab/l1', 'work/w2', 'lab/same', 'work/w3']);
		expect(new Set(rows.map(r => refKey(r))).size).toBe(5);
	});

	it('maps the rows on screen back to each server own indexes', () => {
		const work = new FakeStore(snapshot({conversations: list([conv('w1', 1), conv('w2', 10), conv('w3', 30)])}));
		const lab = new FakeStore(snapshot({conversations: list([conv('l1', 5), conv('l2', 20), conv('l3', 40)])}));
		const idle = new FakeStore(snapshot({conversations: list([conv('i1', 50)])}));
		const fleet = createFleet(members({work, lab, idle}));
		// merged: w1 l1 w2 l2 w3 l3 i1; rows 1..3 are l1 w2 l2
		fleet.setViewport('conversations', 1, 3);
		expect(work.callsOf('setViewport')).toEqual([['conversations', 1, 1]]);
		expect(lab.callsOf('setViewport')).toEqual([['conversations', 0, 1]]);
		// none of its rows on screen: its first page only
		expect(idle.callsOf('setViewport')).toEqual([['conversations', 0, 0]]);
	});

	it('sends each action to the store of its Ref, with that store own id', () => {
		const work = new FakeStore(snapshot());
		const lab = new FakeStore(snapshot());
		const fleet = createFleet(members({work, lab}));
		fleet.pauseSandbox({server: 'lab', id: 'sb-1'});
		fleet.resumeSandbox({server: 'work', id: 'sb-2'});
		fleet.startSandbox('lab', 'spec-1');
		fleet.createConversation('work', {initialMessage: 'hi', repository: null, branch: null, sandboxId: null});
		fleet.sendMessage({server: 'lab', id: 'c-1'}, 'hello');
		fleet.controlAgent({server: 'work', id: 'c-2'}, 'reject', 'no');
		fleet.deleteConversation({server: 'lab', id: 'c-3'});
		fleet.deleteSandbox({server: 'work', id: 'sb-4'});
		fleet.saveDraft({server: 'lab', id: 'c-1'}, 'draft');
		fleet.dismissAttention({server: 'work', key: 'k-1'});
		const calls = (store: FakeStore) => store.calls.map(c => [c.method, ...c.args]);
		expect(calls(lab)).toEqual([
			['pauseSandbox', 'sb-1'],
			['startSandbox', 'spec-1'],
			['sendMessage', 'c-1', 'hello', undefined],
			['deleteConversation', 'c-3'],
			['saveDraft', 'c-1', 'draft'],
		]);
		expect(calls(work)).toEqual([
			['resumeSandbox', 'sb-2'],
			['createConversation', {initialMessage: 'hi', repository: null, branch: null, sandboxId: null}],
			['controlAgent', 'c-2', 'reject', 'no'],
			['deleteSandbox', 'sb-4'],
			['dismissAttention', 'k-1'],
		]);
		// the draft is keyed by server and id
		expect(fleet.getSnapshot().drafts).toEqual({[refKey({server: 'lab', id: 'c-1'})]: 'draft'});
	});

	it('one activity at a time: opening another server closes the first', () => {
		const work = new FakeStore(snapshot());
		const lab = new FakeStore(snapshot());
		const fleet = createFleet(members({work, lab}));
		fleet.openActivity({server: 'work', id: 'c-1'});
		fleet.setFollow(false);
		fleet.openActivity({server: 'lab', id: 'c-2'});
		fleet.loadOlderEvents();
		fleet.closeActivity();
		expect(work.calls.map(c => c.method)).toEqual(['openActivity', 'setFollow', 'closeActivity']);
		expect(lab.calls.map(c => c.method)).toEqual(['openActivity', 'loadOlderEvents', 'closeActivity']);
	});

	it('refuses what would change a read-only server, with a footer line, and still reads it', () => {
		const work = new FakeStore(snapshot());
		const lab = new FakeStore(snapshot());
		const fleet = createFleet(members({work, lab}, ['lab']), {now: () => NOW});
		fleet.pauseSandbox({server: 'lab', id: 'sb-1'});
		fleet.sendMessage({server: 'lab', id: 'c-1'}, 'hello');
		fleet.openActivity({server: 'lab', id: 'c-1'});
		expect(lab.calls.map(c => c.method)).toEqual(['openActivity']);
		expect(fleet.getSnapshot().notice).toEqual({level: 'error', text: 'read-only: lab was opened read-only', at: NOW});
		fleet.pauseSandbox({server: 'work', id: 'sb-1'});
		expect(work.callsOf('pauseSandbox')).toEqual([['sb-1']]);
	});

	it('names a server error, and the newest notice, after its server', () => {
		const error = {kind: 'unreachable' as const, message: 'connection refused', at: NOW};
		const work = new FakeStore(snapshot());
		const lab = new FakeStore(snapshot({conversations: {...list([]), data: undefined, error}, notice: {level: 'info', text: 'paused', at: NOW}}));
		const fleet = createFleet(members({work, lab}));
		expect(fleet.getSnapshot().conversations.error?.message).toBe('lab: connection refused');
		expect(fleet.getSnapshot().notice?.text).toBe('lab: paused');
		// work's rows are there while lab has none
		work.set({conversations: list([conv('w1', 1)])});
		expect(fleet.getSnapshot().conversations.data?.map(c => c.id)).toEqual(['w1']);
	});

	it('a server taken out of view is stopped; brought back, it gets a new store', () => {
		const made: Record<string, FakeStore[]> = {work: [], lab: []};
		const fleet = createFleet(
			['work', 'lab'].map(name => ({
				name,
				label: name,
				createStore: (visible: StoreSnapshot['visible']) => {
					const store = new FakeStore(snapshot({visible, conversations: list([conv(`${name}-1`, 1)])}));
					made[name]!.push(store);
					return store;
				},
			})),
		);
		fleet.start();
		fleet.setVisible('sandboxes');
		fleet.setInView(['work']);
		expect(made['lab']![0]!.calls.map(c => c.method)).toEqual(['start', 'setVisible', 'dispose']);
		expect(fleet.getSnapshot().servers.map(s => s.name)).toEqual(['work']);
		expect(fleet.getSnapshot().conversations.data?.map(c => c.id)).toEqual(['work-1']);
		fleet.setInView(['work', 'lab']);
		expect(made['lab']).toHaveLength(2);
		expect(made['lab']![1]!.getSnapshot().visible).toBe('sandboxes');
		expect(made['lab']![1]!.calls.map(c => c.method)).toEqual(['start']);
		// nothing in view is no choice: the first server stays
		fleet.setInView([]);
		expect(fleet.getSnapshot().inView).toEqual(['work']);
	});
});
