/**
 * Deleting a conversation or a sandbox (issue 11): exactly one request, no retry (a delete that
 * failed is the user's to try again); the row goes when the server confirms, a failure says why.
 */
import type {CallOptions, OpenHandsClient} from '../../api/client.js';
import type {Attention} from '../attention/attention.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {errorMessage, isAbort} from '../oneLine.js';
import type {Resources} from '../lists/resources.js';
import type {Reveal} from '../lists/reveal.js';

type Target = 'conversation' | 'sandbox';

export class Deletes {
	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
		private readonly attention: Attention,
		private readonly reveal: Reveal,
	) {}

	conversation(id: string): void {
		this.run('conversation', id, o => this.client.deleteConversation(id, o));
	}

	sandbox(id: string): void {
		this.run('sandbox', id, o => this.client.deleteSandbox(id, o));
	}

	private run(target: Target, id: string, call: (options: CallOptions) => Promise<void>): void {
		const key = `delete:${target}:${id}`;
		if (this.core.get().pending.some(p => p.key === key)) {
			this.core.notice('info', `${target} ${id} is already being deleted`);
			return;
		}
		this.core.setPending(key, {key, kind: 'delete', targetId: id, phase: 'calling', targetState: 'DELETED', startedAt: this.core.now()});
		this.core.send(PRIORITY.action, call).then(
			() => {
				this.core.setPending(key, null);
				this.resources.remove(target === 'conversation' ? 'conversations' : 'sandboxes', id);
				this.attention.forget(target, id);
				// its start-task line would offer to open a conversation that is gone (issue 21 item 19)
				if (target === 'conversation') this.reveal.dropTasksOf(id);
				const shown = this.core.get().sandboxConversations;
				if (target === 'conversation' && shown?.conversations?.some(c => c.id === id)) {
					this.core.set({
						...this.core.get(),
						sandboxConversations: {...shown, conversations: shown.conversations.filter(c => c.id !== id)},
					});
				}
				this.core.notice('info', `deleted ${target} ${id}`);
			},
			(error: unknown) => {
				if (this.core.disposed || isAbort(error)) return;
				this.core.setPending(key, null);
				this.core.notice('error', `deleting ${target} ${id} failed: ${errorMessage(error)}`);
			},
		);
	}
}
