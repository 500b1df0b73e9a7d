/**
 * Every key binding, in one table: the input router resolves keys through it and the help overlay
 * and footer list it, so what is documented is what works. Scopes are tried modal first, then the
 * view, then global (see keys/KeyRouter.tsx). Which of them are in force (config overrides,
 * `--read-only`) is keys/activeKeymap.ts.
 */

import type {Binding, Scope} from './types.js';

export type {Binding, Command, Scope} from './types.js';

/** Commands that change something on the server: off under `--read-only` (issue 11). */
export const MUTATING: ReadonlySet<string> = new Set([
	'conversation.new',
	'conversation.delete',
	'sandbox.start',
	'sandbox.pause',
	'sandbox.resume',
	'sandbox.delete',
	'spec.start',
	'message.open',
	'message.send',
	'agent.pause',
	'agent.run',
	'agent.accept',
	'agent.reject',
	'agent.interrupt',
	'agent.policy',
	'workspace.command',
]);

/**
 * The column sort keys, in the order columns name them (widgets/columns.ts `sortLetter`): a config
 * override of `sort.column` gives the column at the same position the key at the same position.
 */
export const SORT_KEYS: readonly string[] = ['A', 'T', 'N', 'E', 'B', 'U', 'C', 'K', 'R'];

export const KEYMAP: readonly Binding[] = [
	{scope: 'global', keys: ['1'], command: 'tab.settings', description: 'Settings tab'},
	{scope: 'global', keys: ['2'], command: 'tab.conversations', description: 'Conversations tab'},
	{scope: 'global', keys: ['3'], command: 'tab.sandboxes', description: 'Sandboxes tab'},
	{scope: 'global', keys: ['4'], command: 'tab.specs', description: 'Specs tab'},
	{scope: 'global', keys: ['tab'], command: 'tab.next', description: 'next tab'},
	{scope: 'global', keys: ['shift-tab'], command: 'tab.prev', description: 'previous tab'},
	{scope: 'global', keys: ['ctrl-r'], command: 'refresh', description: 'refresh now', hint: 'refresh'},
	{scope: 'global', keys: ['?'], command: 'help', description: 'show / hide this help', hint: 'help'},
	{scope: 'global', keys: ['q', 'ctrl-c'], command: 'quit', description: 'quit', hint: 'quit'},
	{scope: 'global', keys: ['esc'], command: 'back', description: 'back to where you came from (after what the screen itself does with Esc: a filter, a dialog)'},

	{scope: 'list', keys: ['j', 'down'], command: 'move.down', description: 'move down'},
	{scope: 'list', keys: ['k', 'up'], command: 'move.up', description: 'move up'},
	{scope: 'list', keys: ['g', 'home'], command: 'move.first', description: 'first row'},
	{scope: 'list', keys: ['G', 'end'], command: 'move.last', description: 'last row (loads all pages up to the cap)'},
	{scope: 'list', keys: ['pagedown'], command: 'page.down', description: 'page down'},
	{scope: 'list', keys: ['pageup'], command: 'page.up', description: 'page up'},
	{scope: 'list', keys: ['/'], command: 'filter', description: 'filter rows', hint: 'filter'},
	{scope: 'list', keys: ['enter'], command: 'open', description: 'details of the selected row', hint: 'details'},
	{scope: 'list', keys: ['y'], command: 'copy', description: 'copy the selected id (OSC 52)', hint: 'copy id'},
	{scope: 'list', keys: ['esc'], command: 'filter.clear', description: 'clear the filter'},

	{scope: 'scroll', keys: ['j', 'down'], command: 'move.down', description: 'scroll down', hint: 'scroll'},
	{scope: 'scroll', keys: ['k', 'up'], command: 'move.up', description: 'scroll up'},
	{scope: 'scroll', keys: ['g', 'home'], command: 'move.first', description: 'top'},
	{scope: 'scroll', keys: ['G', 'end'], command: 'move.last', description: 'bottom'},
	{scope: 'scroll', keys: ['pagedown'], command: 'page.down', description: 'page down'},
	{scope: 'scroll', keys: ['pageup'], command: 'page.up', description: 'page up'},

	{scope: 'conversations', keys: ['n'], command: 'conversation.new', description: 'new conversation', hint: 'new'},
	{scope: 'sandboxes', keys: ['n'], command: 'sandbox.start', description: 'start a sandbox', hint: 'start'},
	{scope: 'sandboxes', keys: ['p'], command: 'sandbox.pause', description: 'pause the selected sandbox (a running or starting one)', hint: 'pause'},
	{scope: 'sandboxes', keys: ['r'], command: 'sandbox.resume', description: 'resume the selected sandbox (a paused or failed one: PAUSED, ERROR)', hint: 'resume'},
	{scope: 'specs', keys: ['n'], command: 'spec.start', description: 'start a sandbox from the selected spec', hint: 'start'},

	{scope: 'detail', keys: ['esc'], command: 'close', description: 'close the details', hint: 'close'},
	{scope: 'detail', keys: ['y'], command: 'copy', description: 'copy the id (OSC 52)', hint: 'copy id'},
	{scope: 'sandboxDetail', keys: ['u'], command: 'sandbox.copyUrl', description: 'copy an exposed URL with its token (VS Code, agent server)', hint: 'copy url'},

	{scope: 'form', keys: ['tab', 'down'], command: 'field.next', description: 'next field', hint: 'next field'},
	{scope: 'form', keys: ['shift-tab', 'up'], command: 'field.prev', description: 'previous field'},
	{scope: 'form', keys: ['enter'], command: 'submit', description: 'submit', hint: 'submit'},
	{scope: 'form', keys: ['esc'], command: 'cancel', description: 'cancel', hint: 'cancel'},

	{scope: 'filter', keys: ['enter'], command: 'filter.apply', description: 'keep the filter', hint: 'keep'},
	{scope: 'filter', keys: ['esc'], command: 'filter.clear', description: 'clear the filter', hint: 'clear'},

	{scope: 'confirm', keys: ['y', 'enter'], command: 'confirm', description: 'confirm', hint: 'confirm'},
	{scope: 'confirm', keys: ['n', 'esc'], command: 'cancel', description: 'cancel', hint: 'cancel'},

	{scope: 'picker', keys: ['enter'], command: 'submit', description: 'choose (j/k or arrows to move)', hint: 'choose'},
	{scope: 'picker', keys: ['esc'], command: 'cancel', description: 'cancel', hint: 'cancel'},

	{scope: 'help', keys: ['esc', '?'], command: 'close', description: 'close the help', hint: 'close'},

	// Issue 11: what needs you, related things one key away, sort and quick filters, deletes.
	{scope: 'global', keys: ['!'], command: 'attention.open', description: 'what needs you: agents waiting for a confirmation, failed, stuck, or finished since you looked (the header counts them)'},
	// Issue 19: a key per sortable column (underlined in the header) instead of cycling through them.
	{scope: 'list', keys: ['o'], command: 'sort.default', description: "the list's own order (conversations: attention first) or the server's", hint: 'order'},
	{scope: 'list', keys: SORT_KEYS, command: 'sort.column', description: 'sort by the column whose header has this letter underlined (again: reverse)'},
	{scope: 'list', keys: ['f'], command: 'filter.status', description: 'quick filter: all, running, needs you, paused, error', hint: 'status'},
	// a conversation's sandbox: app servers only (an agent server has none; issue 16 §1)
	{scope: 'conversationSandbox', keys: ['s'], command: 'conversation.sandbox', description: "go to the selected conversation's sandbox", hint: 'sandbox'},
	// issue 26 item 7: the footer says which of p and P this is (p paused the whole sandbox unasked)
	{scope: 'conversationSandbox', keys: ['p'], command: 'sandbox.pause', description: "pause the conversation's sandbox: the whole runtime, every conversation in it (asks first, naming what stops)", hint: 'pause sandbox'},
	{scope: 'conversationSandbox', keys: ['r'], command: 'sandbox.resume', description: "resume the conversation's sandbox (asks first when other conversations share it)", hint: 'resume sandbox'},
	{scope: 'conversation', keys: ['P'], command: 'agent.pause', description: 'pause the agent of the selected conversation after its current step (the sandbox keeps running)', hint: 'pause agent'},
	{scope: 'conversation', keys: ['D'], command: 'conversation.delete', description: 'delete the selected conversation (asks first)'},
	{scope: 'conversation', keys: ['c'], command: 'conversation.changes', description: "the workspace's git changes (Enter: a file's diff)", hint: 'changes'},
	{scope: 'sandboxes', keys: ['c'], command: 'sandbox.conversations', description: 'the conversations in the selected sandbox', hint: 'conversations'},
	{scope: 'sandboxes', keys: ['D'], command: 'sandbox.delete', description: 'delete the selected sandbox (asks first)'},

	{scope: 'choice', keys: ['enter'], command: 'open', description: 'go to the selected one', hint: 'go'},
	{scope: 'choice', keys: ['esc'], command: 'close', description: 'close', hint: 'close'},
	{scope: 'attention', keys: ['d'], command: 'attention.dismiss', description: 'dismiss the selected one: a finish is seen, an error or a stuck agent acknowledged until its state changes again (a wait stays while it lasts); on an acknowledged one, bring it back', hint: 'dismiss'},
	{scope: 'attention', keys: ['c'], command: 'attention.clear', description: 'dismiss them all (finishes seen, errors and stuck agents acknowledged)', hint: 'dismiss all'},
	{scope: 'attention', keys: ['h'], command: 'attention.acknowledged', description: 'show / hide the acknowledged errors and stuck agents', hint: 'acknowledged'},
	{scope: 'attention', keys: ['!'], command: 'close', description: 'close the list'},
	// Issue 10: a conversation's activity, messages to its agent, approvals. `P`/`R` drive the agent
	// (agent server pause/run); `p`/`r` stay the sandbox's (the whole runtime), as on the Sandboxes tab.
	{scope: 'conversations', keys: ['v'], command: 'preview.toggle', description: "show / hide the preview of the selected conversation (its last events, what it waits for)", hint: 'preview'},
	{scope: 'conversation', keys: ['l'], command: 'activity.open', description: "the selected conversation's activity (its events)", hint: 'activity'},
	{scope: 'conversation', keys: ['m'], command: 'message.open', description: 'write to the agent of the selected conversation', hint: 'message'},

	{scope: 'approval', keys: ['a'], command: 'agent.accept', description: 'accept the pending action(s) (asks once)', hint: 'accept'},
	{scope: 'approval', keys: ['x'], command: 'agent.reject', description: 'reject the pending action(s), with an optional reason', hint: 'reject'},
	// the same keys where the agent server cannot reject (before SDK 1.6.0, issue 21 item 1): x offers to leave it waiting
	{scope: 'approvalNoReject', keys: ['a'], command: 'agent.accept', description: 'accept the pending action(s) (asks once)', hint: 'accept'},
	{scope: 'approvalNoReject', keys: ['x'], command: 'agent.reject', description: 'leave the pending action(s) waiting (asks first; nothing is sent): this agent server cannot reject', hint: 'leave waiting'},

	{scope: 'activity', keys: ['esc'], command: 'back', description: 'back to the list or details (clears the filter first)', hint: 'back'},
	{scope: 'activity', keys: ['enter'], command: 'open', description: 'the selected event in full (pager)', hint: 'open'},
	{scope: 'activity', keys: ['m'], command: 'message.open', description: 'write to the agent', hint: 'message'},
	{scope: 'activity', keys: ['P'], command: 'agent.pause', description: 'pause the agent after the current step (agent server; the sandbox keeps running)', hint: 'pause agent'},
	{scope: 'activitySandbox', keys: ['p'], command: 'sandbox.pause', description: "pause the conversation's sandbox (the whole runtime)", hint: 'pause sandbox'},
	{scope: 'activity', keys: ['R'], command: 'agent.run', description: 'run the agent again (agent server; asks first while an action waits)', hint: 'run agent'},
	{scope: 'activitySandbox', keys: ['r'], command: 'sandbox.resume', description: "resume the conversation's sandbox", hint: 'resume sandbox'},
	{scope: 'activity', keys: ['I'], command: 'agent.interrupt', description: 'interrupt the agent now (cancels the LLM call in flight; agent servers 1.23+)'},
	{scope: 'activity', keys: ['C'], command: 'agent.policy', description: 'confirmation policy: always confirm, confirm risky actions, never (asks first)', hint: 'policy'},
	{scope: 'activity', keys: ['c'], command: 'conversation.changes', description: "the workspace's git changes (Enter: a file's diff)", hint: 'changes'},
	{scope: 'activity', keys: ['/'], command: 'filter', description: 'filter events', hint: 'filter'},
	{scope: 'activity', keys: ['o'], command: 'events.observations', description: 'hide / show tool outputs (errors stay)', hint: 'outputs'},
	{scope: 'activity', keys: ['f'], command: 'events.follow', description: 'follow new events on / off', hint: 'follow'},
	{scope: 'activity', keys: ['j', 'down'], command: 'move.down', description: 'next event'},
	{scope: 'activity', keys: ['k', 'up'], command: 'move.up', description: 'previous event (pauses follow; older events load near the top)'},
	{scope: 'activity', keys: ['g', 'home'], command: 'move.first', description: 'oldest loaded event'},
	{scope: 'activity', keys: ['G', 'end'], command: 'move.last', description: 'newest event, and follow again'},
	{scope: 'activity', keys: ['pagedown'], command: 'page.down', description: 'page down'},
	{scope: 'activity', keys: ['pageup'], command: 'page.up', description: 'page up'},
	{scope: 'activity', keys: ['y'], command: 'copy', description: 'copy the selected event id (OSC 52)'},
	{scope: 'activity', keys: ['e'], command: 'pager.open', description: 'the selected event in full in $PAGER (default less)'},
	// Issue 28 item 4: the conversation's workspace, on its agent server
	{scope: 'activity', keys: ['$'], command: 'workspace.command', description: 'run a command in the workspace (its output below; Esc leaves it running)', hint: 'command'},
	{scope: 'activity', keys: ['F'], command: 'workspace.files', description: "the workspace's files (Enter reads one, w saves it)", hint: 'files'},

	{scope: 'changes', keys: ['j', 'down'], command: 'move.down', description: 'next file'},
	{scope: 'changes', keys: ['k', 'up'], command: 'move.up', description: 'previous file'},
	{scope: 'changes', keys: ['g', 'home'], command: 'move.first', description: 'first file'},
	{scope: 'changes', keys: ['G', 'end'], command: 'move.last', description: 'last file'},
	{scope: 'changes', keys: ['enter'], command: 'open', description: "the selected file's diff (pager)", hint: 'diff'},
	{scope: 'changes', keys: ['esc'], command: 'back', description: 'back to where the changes were opened', hint: 'back'},
	{scope: 'changes', keys: ['w'], command: 'patch.write', description: 'write the patch of every file to a file you name (git apply takes it)', hint: 'write patch'},
	{scope: 'changes', keys: ['y'], command: 'patch.copy', description: 'copy the patch of every file (OSC 52, up to 75 kB)', hint: 'copy patch'},
	{scope: 'changesDiff', keys: ['w'], command: 'patch.write', description: "write this file's patch to a file you name (git apply takes it)", hint: 'write patch'},
	{scope: 'changesDiff', keys: ['y'], command: 'patch.copy', description: "copy this file's patch (OSC 52, up to 75 kB)", hint: 'copy patch'},

	{scope: 'files', keys: ['j', 'down'], command: 'move.down', description: 'next file'},
	{scope: 'files', keys: ['k', 'up'], command: 'move.up', description: 'previous file'},
	{scope: 'files', keys: ['g', 'home'], command: 'move.first', description: 'first file'},
	{scope: 'files', keys: ['G', 'end'], command: 'move.last', description: 'last file'},
	{scope: 'files', keys: ['pagedown'], command: 'page.down', description: 'page down'},
	{scope: 'files', keys: ['pageup'], command: 'page.up', description: 'page up'},
	{scope: 'files', keys: ['/'], command: 'filter', description: 'filter the files by name', hint: 'filter'},
	{scope: 'files', keys: ['enter'], command: 'open', description: 'read the selected file (pager; binary files are named, large ones shown in part)', hint: 'read'},
	{scope: 'files', keys: ['w'], command: 'file.save', description: 'save the selected file to a local file you name', hint: 'save'},
	{scope: 'files', keys: ['esc'], command: 'back', description: 'back to the activity (clears the filter first)', hint: 'back'},
	{scope: 'filePager', keys: ['w'], command: 'file.save', description: 'save this file to a local file you name', hint: 'save'},

	{scope: 'command', keys: ['enter'], command: 'submit', description: 'run the command (one at a time per conversation)', hint: 'run'},
	{scope: 'command', keys: ['esc'], command: 'cancel', description: 'close the pane: a running command goes on, its end shows in the header', hint: 'close'},
	{scope: 'command', keys: ['up'], command: 'history.prev', description: 'the command before (history)', hint: 'history'},
	{scope: 'command', keys: ['down'], command: 'history.next', description: 'the command after (history)'},
	{scope: 'command', keys: ['pageup'], command: 'page.up', description: 'scroll the output up', hint: 'scroll'},
	{scope: 'command', keys: ['pagedown'], command: 'page.down', description: 'scroll the output down'},

	{scope: 'savePath', keys: ['enter'], command: 'submit', description: 'write to the path typed (asks before writing over a file)', hint: 'write'},
	{scope: 'savePath', keys: ['esc'], command: 'cancel', description: 'cancel', hint: 'cancel'},

	{scope: 'pager', keys: ['esc'], command: 'close', description: 'close the event', hint: 'close'},
	{scope: 'pager', keys: ['j', 'down'], command: 'move.down', description: 'scroll down', hint: 'scroll'},
	{scope: 'pager', keys: ['k', 'up'], command: 'move.up', description: 'scroll up'},
	{scope: 'pager', keys: ['g', 'home'], command: 'move.first', description: 'top'},
	{scope: 'pager', keys: ['G', 'end'], command: 'move.last', description: 'bottom'},
	{scope: 'pager', keys: ['pagedown', ' '], command: 'page.down', description: 'page down'},
	{scope: 'pager', keys: ['pageup'], command: 'page.up', description: 'page up'},
	{scope: 'pager', keys: ['e'], command: 'pager.open', description: 'the whole text (an event, a diff) in $PAGER (default less)', hint: '$PAGER'},

	{scope: 'message', keys: ['enter'], command: 'message.send', description: 'send the message', hint: 'send'},
	{scope: 'message', keys: ['ctrl-j', 'alt-enter'], command: 'message.newline', description: 'new line (pasted text keeps its lines and is not sent)', hint: 'new line'},
	{scope: 'message', keys: ['esc'], command: 'cancel', description: 'close; the draft is kept until ohtui quits', hint: 'keep draft'},
	{scope: 'message', keys: ['ctrl-g'], command: 'editor.open', description: 'write the message in $EDITOR (it comes back here, not sent)', hint: '$EDITOR'},

	// Issue 16: the servers in view, like k9s contexts: one, several or all.
	{scope: 'global', keys: ['S'], command: 'servers.open', description: 'choose the servers in view (one, several or all)'},
	{scope: 'servers', keys: [' '], command: 'servers.toggle', description: 'mark / unmark a server', hint: 'mark'},
	{scope: 'servers', keys: ['a'], command: 'servers.all', description: 'all servers', hint: 'all'},
	{scope: 'servers', keys: ['S'], command: 'close', description: 'close the list'},

	{scope: 'reason', keys: ['enter'], command: 'submit', description: 'reject, with the reason typed (may be empty)', hint: 'reject'},
	{scope: 'reason', keys: ['esc'], command: 'cancel', description: 'cancel', hint: 'cancel'},
];

/**
 * Scopes of inputs and dialogs that take every key while open (q types a q): the global keys do
 * not work there, so the footer does not offer them.
 */
export const HOLDS_EVERY_KEY: ReadonlySet<Scope> = new Set(['form', 'filter', 'confirm', 'picker', 'message', 'reason', 'command', 'savePath']);
