import {describe, expect, it} from 'vitest';
import {pop, push, rootStack, routeKey, tabOf, tabRoute, top, type Route} from '../../source/ui/navigation.js';
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
		expect(tabRoute(stack, 'conversations')).toBe(activity);
		expect(tabRoute(stack, 'specs')).toEqual({kind: 'list', tab: 'specs'});
	});
});
