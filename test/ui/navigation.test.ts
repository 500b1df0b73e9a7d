import {describe, expect, it} from 'vitest';
import {back, pop, prepareVisit, push, rootStack, routeKey, tabOf, tabRoute, toTab, top, type Route} from '../../source/ui/navigation.js';
import {conversation, sandbox} from './fixtures.js';

const c = {...conversation(), server: 'local'};
const s = {...sandbox(), server: 'local'};
const activity: Route = {kind: 'activity', tab: 'conversations', conversation: c};
const sandboxes: Route = {kind: 'list', tab: 'sandboxes'};
const inSandbox: Route = {kind: 'sandboxConversations', tab: 'sandboxes', sandbox: s};

describe('one navigation stack (design.md round 3)', () => {
	it('a jump is a push; Esc pops to where it came from, across tabs and overlays', () => {
		// the Sandboxes tab, a sandbox's conversations, one opened, `!` over it, the help over that
		let stack = rootStack('conversations');
		stack = push(stack, sandboxes);
		stack = push(stack, inSandbox);
		stack = push(stack, activity);
		expect(tabOf(stack)).toBe('conversations');
		stack = push(stack, {kind: 'attention'});
		stack = push(stack, {kind: 'help'});
		// `!` and `?` lie over the tab below them
		expect(tabOf(stack)).toBe('conversations');
		const back = [top(stack).kind];
		while (stack.length > 1) {
			stack = pop(stack);
			back.push(top(stack).kind);
		}
		expect(back).toEqual(['help', 'attention', 'activity', 'sandboxConversations', 'list', 'list']);
		// nowhere further back: the last route stays
		expect(pop(stack)).toBe(stack);
	});

	it('a place already on the stack moves up instead of piling up (flipping tabs never grows it)', () => {
		let stack = rootStack('conversations');
		for (let i = 0; i < 50; i++) {
			stack = push(stack, tabRoute(stack, 'sandboxes'));
			stack = push(stack, tabRoute(stack, 'conversations'));
		}
		expect(stack.map(routeKey)).toEqual(['list:sandboxes', 'list:conversations']);
		// the same conversation's activity is one place however it was reached
		stack = push(push(stack, activity), {kind: 'activity', tab: 'conversations', conversation: {...c}});
		expect(stack.filter(r => r.kind === 'activity')).toHaveLength(1);
	});

	it('a tab key goes back to the place last seen on that tab', () => {
		let stack = push(rootStack('conversations'), activity);
		stack = push(stack, tabRoute(stack, 'sandboxes'));
		expect(tabRoute(stack, 'conversations')).toEqual({...activity, from: 'list:conversations'});
		expect(tabRoute(stack, 'specs')).toEqual({kind: 'list', tab: 'specs'});
	});
});

describe('Esc goes back to where a place was reached from; never across tabs by a tab key (issue 26 item 4)', () => {
	const list = (tab: 'conversations' | 'sandboxes' | 'specs'): Route => ({kind: 'list', tab});

	it("at a tab's own list Esc does nothing, however many tabs were visited before", () => {
		let stack = rootStack('conversations');
		stack = toTab(stack, 'sandboxes');
		stack = toTab(stack, 'specs');
		expect(back(stack)).toBe(stack);
		expect(back(rootStack('conversations'))).toEqual(rootStack('conversations'));
	});

	it('from a place reached by a tab key, Esc goes where that place was first reached from, on its own tab', () => {
		let stack = push(rootStack('conversations'), activity);
		stack = toTab(stack, 'sandboxes');
		stack = toTab(stack, 'conversations');
		expect(top(stack)).toMatchObject({kind: 'activity'});
		stack = back(stack);
		expect(routeKey(top(stack))).toBe('list:conversations');
		expect(tabOf(stack)).toBe('conversations');
		expect(back(stack)).toBe(stack);
	});

	it('a jump to another tab is a place reached from somewhere: Esc comes back; `!` and `?` too', () => {
		let stack = push(rootStack('conversations'), activity);
		stack = push(stack, prepareVisit(null, {kind: 'row', resource: 'sandboxes', ref: s}));
		expect(tabOf(stack)).toBe('sandboxes');
		stack = push(stack, {kind: 'attention'});
		stack = push(stack, {kind: 'help'});
		const path: string[] = [top(stack).kind];
		for (let i = 0; i < 4; i++) {
			stack = back(stack);
			path.push(`${top(stack).kind}:${tabOf(stack)}`);
		}
		expect(path).toEqual(['help', 'attention:sandboxes', 'list:sandboxes', 'activity:conversations', 'list:conversations']);
		expect(back(stack)).toBe(stack);
	});

	it('a jump onto a list that was a tab’s own: Esc from there goes back, and from `!` to the list', () => {
		let stack = push(rootStack('conversations'), {kind: 'attention'});
		stack = push(stack, prepareVisit(null, {kind: 'task', ref: c}));
		stack = back(stack);
		expect(top(stack).kind).toBe('attention');
		stack = back(stack);
		expect(top(stack)).toEqual(list('conversations'));
	});

	it('the same place pushed again keeps where it came from', () => {
		let stack = push(rootStack('conversations'), inSandbox);
		stack = push(stack, {...inSandbox});
		expect(back(stack).map(routeKey)).toEqual(['list:conversations']);
	});
});
