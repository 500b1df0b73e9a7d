import type {Scope} from '../../keymap/keymap.js';

type Where = {
	/** a dialog, box or form over the list: its keys only */
	open: Scope | null;
	detail: boolean;
	/** the filter is being typed */
	filtering: boolean;
	/** the selected agent waits: the scope of the answers it takes */
	answer: Scope | null;
	/** the selected row's server has sandboxes (an agent server has none) */
	sandboxes: boolean;
};

/** The key scopes the footer and `?` offer on the Conversations list, in the order they show. */
export function conversationScopes({open, detail, filtering, answer, sandboxes}: Where): Scope[] {
	if (open) return [open];
	const answers: Scope[] = answer ? [answer] : [];
	const own: Scope[] = sandboxes ? ['conversation', 'conversationSandbox'] : ['conversation'];
	if (detail) return [...answers, 'detail', ...own];
	return filtering ? ['filter'] : [...answers, 'conversations', ...own, 'list'];
}
