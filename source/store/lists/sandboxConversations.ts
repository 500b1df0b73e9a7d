/**
 * The conversations that use one sandbox (issue 11): the client asks the server where it can filter
 * (current servers, `sandbox_id__eq`); elsewhere the loaded conversations are looked at, and the
 * snapshot says so (`source: 'loaded'`).
 */
import type {OpenHandsClient} from '../../api/client.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {isAbort, toErrorInfo} from '../oneLine.js';
import type {Resources} from './resources.js';
import type {SandboxConversations} from '../types.js';

export class SandboxConversationsFinder {
	private seq = 0;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
	) {}

	find(sandboxId: string | null): void {
		const seq = ++this.seq;
		if (sandboxId === null) {
			this.put(null);
			return;
		}
		this.put({sandboxId, conversations: null, source: null, error: null});
		void this.load(sandboxId).then(
			found => {
				if (seq === this.seq) this.put(found);
			},
			(error: unknown) => {
				if (seq !== this.seq || this.core.disposed || isAbort(error)) return;
				this.put({sandboxId, conversations: null, source: null, error: toErrorInfo(error, this.core.now())});
			},
		);
	}

	private async load(sandboxId: string): Promise<SandboxConversations> {
		const found = await this.core.send(PRIORITY.action, o => this.client.conversationsInSandbox(sandboxId, o));
		if (found !== null) return {sandboxId, conversations: found, source: 'server', error: null};
		// Nothing loaded yet (the Conversations tab was never shown): its first page is the least to look at.
		if (this.core.get().conversations.data === undefined) await this.resources.refresh('conversations', 'poll');
		const loaded = this.core.get().conversations.data ?? [];
		return {sandboxId, conversations: loaded.filter(c => c.sandbox_id === sandboxId), source: 'loaded', error: null};
	}

	private put(value: SandboxConversations | null): void {
		const snapshot = this.core.get();
		if (snapshot.sandboxConversations === value) return;
		this.core.set({...snapshot, sandboxConversations: value});
	}
}
