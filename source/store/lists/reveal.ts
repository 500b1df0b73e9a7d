/**
 * Items asked for by id that the loaded lists do not hold (issue 21 item 19): `s` on a conversation
 * whose sandbox is newer than the loaded sandboxes said "not among the loaded sandboxes"; it is now
 * read by id and put at the top of its list. And start-task lines that point at a conversation the
 * server no longer knows (deleted here or elsewhere) go, instead of offering to open it for ever.
 */
import type {OpenHandsClient} from '../../api/client.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {errorMessage, isAbort} from '../oneLine.js';
import type {Resources} from './resources.js';
import type {ListResourceName} from '../types.js';

const ONE: Record<ListResourceName, string> = {conversations: 'conversation', sandboxes: 'sandbox', specs: 'spec'};

export class Reveal {
	private readonly asking = new Set<string>();

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
	) {}

	/** Reads one item by id into its list (at the top); says so when the server does not know it. */
	item(resource: ListResourceName, id: string): void {
		const key = `${resource}:${id}`;
		if (this.asking.has(key)) return;
		this.asking.add(key);
		const sentAt = this.core.now();
		this.core
			.send(PRIORITY.page, o => this.read(resource, id, o))
			.then(
				found => {
					if (this.core.disposed) return;
					if (found) return this.resources.upsert(resource, found, true, sentAt);
					if (resource === 'conversations') this.dropTasksOf(id);
					this.core.notice('info', `${ONE[resource]} ${id} is not known to the server (deleted?)`);
				},
				(error: unknown) => {
					if (!this.core.disposed && !isAbort(error)) this.core.notice('error', `reading ${ONE[resource]} ${id} failed: ${errorMessage(error)}`);
				},
			)
			.finally(() => this.asking.delete(key));
	}

	/** The start-task lines of a conversation that is gone. */
	dropTasksOf(conversationId: string): void {
		const snapshot = this.core.get();
		const kept = snapshot.startTasks.filter(task => task.app_conversation_id !== conversationId);
		if (kept.length !== snapshot.startTasks.length) this.core.set({...snapshot, startTasks: kept});
	}

	private async read(resource: ListResourceName, id: string, options: Parameters<OpenHandsClient['getSandboxes']>[1]): Promise<{id: string} | null> {
		const [item] =
			resource === 'sandboxes'
				? await this.client.getSandboxes([id], options)
				: resource === 'conversations'
					? await this.client.getConversations([id], options)
					: await this.client.getSpecs([id], options);
		return item ?? null;
	}
}
