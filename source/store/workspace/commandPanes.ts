/**
 * The command panes of one server's conversations (issue 28 item 4, the app's `$`): one
 * CommandPane lane per conversation (./commandPane.ts), made at its first command and kept until
 * the store ends, its state mirrored into the store's snapshot (`panes`, by conversation id) so the
 * UI reads it like everything else: the pane's lines while it is open, the command's end in the
 * activity's header once the user left it running with Esc (closing the pane stops nothing: the
 * lane goes on following). One command at a time per conversation: another while one runs is
 * refused with a notice, nothing sent.
 */
import type {AppConversation} from '../../api/schemas/index.js';
import type {Core} from '../core.js';
import {CommandPane, type PaneState} from './commandPane.js';
import type {WorkspaceOpener} from './workspaceOpener.js';

/** Conversations whose pane is kept (the oldest idle one goes past it). */
const MAX_PANES = 32;

type Entry = {pane: CommandPane; conversation: AppConversation; off: () => void};

export class CommandPanes {
	private readonly entries = new Map<string, Entry>();

	constructor(
		private readonly opener: WorkspaceOpener,
		private readonly core: Core,
	) {}

	/** Runs `command` in the conversation's workspace; false (and a notice) while its last one runs. */
	run(conversation: AppConversation, command: string): boolean {
		const entry = this.entries.get(conversation.id) ?? this.make(conversation);
		// a sandbox resumed elsewhere: the newest address is the one to open
		entry.conversation = conversation;
		if (entry.pane.getSnapshot().running) {
			this.core.notice('info', 'a command is running in this workspace: one at a time (its end shows in the header)');
			return false;
		}
		return entry.pane.run(command);
	}

	dispose(): void {
		for (const entry of this.entries.values()) {
			entry.off();
			entry.pane.dispose();
		}
		this.entries.clear();
	}

	private make(conversation: AppConversation): Entry {
		const id = conversation.id;
		const pane = new CommandPane(() => this.opener.open(entry.conversation));
		const entry: Entry = {pane, conversation, off: () => {}};
		entry.off = pane.subscribe(() => this.mirror(id, pane.getSnapshot()));
		this.entries.set(id, entry);
		this.trim();
		return entry;
	}

	private mirror(id: string, state: PaneState): void {
		if (!this.entries.has(id)) return;
		const snapshot = this.core.get();
		if (snapshot.panes?.[id] === state) return;
		this.core.set({...snapshot, panes: {...snapshot.panes, [id]: state}});
	}

	private trim(): void {
		for (const [id, entry] of this.entries) {
			if (this.entries.size <= MAX_PANES) return;
			if (entry.pane.getSnapshot().running) continue;
			entry.off();
			entry.pane.dispose();
			this.entries.delete(id);
			const {[id]: _gone, ...rest} = this.core.get().panes ?? {};
			this.core.set({...this.core.get(), panes: rest});
		}
	}
}
