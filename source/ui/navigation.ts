/**
 * One navigation stack (design.md round 3, issue 19 §4): every screen is a route pushed on it, so
 * `Esc` goes back to where the user came from (Enter, `l`, a sandbox's `c`, `!`, `?`), and a jump
 * (`s`, Enter on `!` or on a sandbox's conversation) is a push.
 *
 * - The stack holds each distinct route once: going to a route already on it moves it to the top,
 *   so flipping between tabs never grows it.
 * - Each route pushed remembers the place it was reached from (`from`), and `Esc` goes there. A tab
 *   key is no such way: a tab's own list reached by it (or the first one) has no `from`, and `Esc`
 *   there does nothing (issue 26 item 4: pressed "to be safe" it switched tabs, and the next Enter
 *   opened a sandbox instead of a conversation; k9s and lazygit do nothing there either). A place
 *   a tab key brings back keeps the `from` it had, so `Esc` never lands on another tab's list left
 *   by a tab key.
 * - The tab shown is the tab of the topmost route that has one (`!` and `?` lie over it).
 * - A list keeps its selection, filter and scroll in the view memory (./usePersistentState.tsx);
 *   a jump to a row writes what the list should show there first (`prepareVisit`).
 * Pure functions; Shell.tsx holds the stack and gives views `useNav()`.
 */
import {createContext, useContext} from 'react';
import type {AppConversation, Sandbox, SandboxSpec} from '../api/schemas/index.js';
import {refKey, type Ref, type Tagged} from '../fleet/types.js';
import type {ListResourceName, ResourceName} from '../store/types.js';
import type {Memory} from './usePersistentState.js';
import type {QuickFilter} from './views/quickFilters.js';

export type Route = Place & {
	/** the key of the place this one was reached from (`Esc` goes there); none for a tab's own list */
	from?: string;
};

type Place =
	| {kind: 'list'; tab: ResourceName}
	| {kind: 'detail'; tab: 'conversations'; item: Tagged<AppConversation>}
	| {kind: 'detail'; tab: 'sandboxes'; item: Tagged<Sandbox>}
	| {kind: 'detail'; tab: 'specs'; item: Tagged<SandboxSpec>}
	| {kind: 'activity'; tab: 'conversations'; conversation: Tagged<AppConversation>}
	/** a conversation's workspace changes (issue 16 §1) */
	| {kind: 'changes'; tab: 'conversations'; conversation: Tagged<AppConversation>}
	/** a conversation's workspace files (issue 28 item 4) */
	| {kind: 'files'; tab: 'conversations'; conversation: Tagged<AppConversation>}
	| {kind: 'sandboxConversations'; tab: 'sandboxes'; sandbox: Tagged<Sandbox>}
	/** `popup`: the list `ohtui --needs-you` opened on, which is the whole app there (closing it quits) */
	| {kind: 'attention'; popup?: true}
	| {kind: 'servers'}
	| {kind: 'help'};

export type Stack = readonly Route[];

/** Routes kept at most (distinct places; the oldest goes). */
const MAX_ROUTES = 30;

export function rootStack(tab: ResourceName): Stack {
	return [{kind: 'list', tab}];
}

/** One identity per place: the same conversation's activity is one route however it was reached. */
export function routeKey(route: Route): string {
	switch (route.kind) {
		case 'list':
			return `list:${route.tab}`;
		case 'detail':
			return `detail:${route.tab}:${refKey(route.item)}`;
		case 'activity':
			return `activity:${refKey(route.conversation)}`;
		case 'changes':
			return `changes:${refKey(route.conversation)}`;
		case 'files':
			return `files:${refKey(route.conversation)}`;
		case 'sandboxConversations':
			return `sandboxConversations:${refKey(route.sandbox)}`;
		default:
			return route.kind;
	}
}

export function top(stack: Stack): Route {
	return stack[stack.length - 1]!;
}

/** The tab shown: the topmost route's that has one. */
export function tabOf(stack: Stack): ResourceName {
	for (let i = stack.length - 1; i >= 0; i--) {
		const route = stack[i]!;
		if ('tab' in route) return route.tab;
	}
	return 'conversations';
}

/**
 * `route` on top, reached from the place on top now; where it was already on the stack, it moves up
 * (the stack stays short). A route that says where it came from keeps that (a tab key's, below).
 */
export function push(stack: Stack, route: Route): Stack {
	const key = routeKey(route);
	if (routeKey(top(stack)) === key && top(stack) === route) return stack;
	return onTop(stack, route.from === undefined ? {...route, ...origin(top(stack), key)} : route);
}

/** Where a route pushed over `under` comes from: there, or where `under` came from when it is the same place again. */
function origin(under: Route, key: string): {from?: string} {
	if (routeKey(under) !== key) return {from: routeKey(under)};
	return under.from === undefined ? {} : {from: under.from};
}

function onTop(stack: Stack, route: Route): Stack {
	const key = routeKey(route);
	const next = [...stack.filter(r => routeKey(r) !== key), route];
	return next.length > MAX_ROUTES ? next.slice(next.length - MAX_ROUTES) : next;
}

/** Back one place; the last route stays (there is nowhere further back). */
export function pop(stack: Stack): Stack {
	return stack.length > 1 ? stack.slice(0, -1) : stack;
}

/**
 * `Esc`: to the place the one on top was reached from. A tab's own list has none: nothing happens.
 * Where that place has left the stack (a jump to its list took its place), to the tab's list.
 */
export function back(stack: Stack): Stack {
	const here = top(stack);
	if (here.from === undefined) return here.kind === 'list' ? stack : pop(stack);
	const rest = stack.slice(0, -1);
	const from = rest.find(r => routeKey(r) === here.from);
	if (from) return [...rest.filter(r => r !== from), from];
	return onTop(rest, {kind: 'list', tab: 'tab' in here ? here.tab : tabOf(stack)});
}

/** A tab key: the place last seen on that tab, as it was reached (a list: as the tab's own, with no `from`). */
export function toTab(stack: Stack, tab: ResourceName): Stack {
	const route = tabRoute(stack, tab);
	return onTop(stack, route.kind === 'list' ? {kind: 'list', tab} : route);
}

/**
 * A tab key: the place last seen on that tab (its activity or details when the user left it there),
 * else its list.
 */
export function tabRoute(stack: Stack, tab: ResourceName): Route {
	for (let i = stack.length - 1; i >= 0; i--) {
		const route = stack[i]!;
		if ('tab' in route && route.tab === tab) return route;
	}
	return {kind: 'list', tab};
}

/** What a view calls to move: push a route, go back, or jump to something (a push after preparing it). */
export type Nav = {
	push(route: Route): void;
	back(): void;
	go(target: Target): void;
};

export type Target =
	| {kind: 'activity'; conversation: Tagged<AppConversation>}
	| {kind: 'row'; resource: ListResourceName; ref: Ref}
	/** a start task line of this session, above the conversations */
	| {kind: 'task'; ref: Ref};

export const NavContext = createContext<Nav>({push() {}, back() {}, go() {}});

export function useNav(): Nav {
	return useContext(NavContext);
}

/** Memory keys a list view reads (widgets/useListController.ts, views/ConversationsView.tsx). */
export const memoryKeys = {
	table: (resource: ListResourceName) => `${resource}:table`,
	filter: (resource: ListResourceName) => `${resource}:filter`,
	quick: (resource: ListResourceName) => `${resource}:quick`,
	/** a row asked for by its Ref: the view says so when it is not among the loaded rows */
	wanted: (resource: ListResourceName) => `${resource}:wanted`,
	/** the start task line selected above the conversations */
	task: 'conversations:task',
} as const;

/** Writes what the target's list should show (the row selected, nothing hiding it); returns its route. */
export function prepareVisit(memory: Memory | null, target: Target): Route {
	if (target.kind === 'activity') return {kind: 'activity', tab: 'conversations', conversation: target.conversation};
	if (target.kind === 'task') {
		memory?.set(memoryKeys.task, refKey(target.ref));
		return {kind: 'list', tab: 'conversations'};
	}
	const {resource, ref} = target;
	memory?.set(memoryKeys.filter(resource), {text: '', editing: false});
	memory?.set(memoryKeys.quick(resource), 'all' satisfies QuickFilter);
	memory?.set(memoryKeys.table(resource), {index: 0, offset: 0, key: refKey(ref)});
	memory?.set(memoryKeys.wanted(resource), ref);
	return {kind: 'list', tab: resource};
}
