/**
 * The sandboxes the user started or resumed in this session, watched for what needs the user
 * (issue 11): one counts when it is ERROR after its boot or MISSING. ./attention.ts decides when the
 * background check runs; this module keeps the watches, judges what they see, and makes the check's
 * sandbox turn (a batch get of the watched ids).
 *
 * - A start or resume puts a sandbox under watch, `booting` while the action is pending: a booting
 *   docker sandbox reports ERROR (4.1), so nothing is judged until the action ends.
 * - Its status comes from the sandbox list, a conversation's `sandbox_status`, the watch after the
 *   action (every second, listed or not) and the check; one item per sandbox, replaced when the
 *   status changes, gone when it moves on to a state that does not count.
 */
import type {OpenHandsClient} from '../../api/client.js';
import type {Sandbox} from '../../api/schemas/index.js';
import {SANDBOX_NEEDS, makeItem, put, without} from './attentionRules.js';
import {remember} from '../bounded.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import type {Resources} from '../lists/resources.js';
import type {AttentionItem, PendingAction, StoreSnapshot} from '../types.js';

type Items = readonly AttentionItem[];

/** The batch get of sandboxes takes fewer than 100 ids (2.7). */
const MAX_SANDBOX_IDS = 99;
/** Sandboxes remembered (issue 21 item 13: a session left open for days starts ever more). */
const MAX_REMEMBERED = 5000;

type SandboxWatch = {
	/** a start or resume of it is pending: ERROR then is the agent server booting, not a failure */
	booting: boolean;
	/** the last status seen (from the sandbox list, a conversation's `sandbox_status`, a check) */
	status: string | null;
	/** the status an item was made for; null once it moved on */
	reported: string | null;
};

export class SandboxAttention {
	private readonly watches = new Map<string, SandboxWatch>();

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
	) {
		// The watch after a start or resume sees the sandbox every second, listed or not (the
		// Sandboxes tab may never have loaded): its last status is what the boot ended in.
		resources.onItem = (name, item) => {
			const watch = name === 'sandboxes' ? this.watches.get(item.id) : undefined;
			if (watch?.booting) watch.status = (item as Sandbox).status;
		};
	}

	/** Whether any sandbox is watched (the sandbox list is read for them only then). */
	get watching(): boolean {
		return this.watches.size > 0;
	}

	has(id: string): boolean {
		return this.watches.has(id);
	}

	/** A delete the server confirmed: not watched any more. */
	forget(id: string): void {
		this.watches.delete(id);
	}

	/** Starts and resumes put a sandbox under watch; their end closes its boot grace. */
	seePending(next: StoreSnapshot, items: Items, at: number): Items {
		const booting = new Set(next.pending.filter(isBoot).map(p => p.targetId!));
		for (const id of booting) {
			const watch = this.watches.get(id);
			if (watch) watch.booting = true;
			else remember(this.watches, id, {booting: true, status: null, reported: null}, MAX_REMEMBERED);
		}
		for (const [id, watch] of this.watches) {
			if (!watch.booting || booting.has(id)) continue;
			watch.booting = false;
			const listed = next.sandboxes.data?.find(s => s.id === id)?.status;
			items = this.judge(id, watch, listed ?? watch.status, items, at);
		}
		return items;
	}

	/** A status seen for a sandbox (watched or not: the others are passed over). */
	see(id: string, status: string, items: Items, at: number): Items {
		const watch = this.watches.get(id);
		if (!watch) return items;
		if (watch.booting) {
			watch.status = status;
			return items;
		}
		return this.judge(id, watch, status, items, at);
	}

	/** Whether the background check has sandboxes to ask about (booting and missing ones are not asked). */
	get checkable(): boolean {
		return this.idsToCheck().length > 0;
	}

	/** The background check's sandbox turn: one batch get of the watched ids; those not found are MISSING. */
	async check(): Promise<void> {
		const ids = this.idsToCheck();
		let sentAt = this.core.now();
		const found = await this.core.send(PRIORITY.poll, o => {
			sentAt = this.core.now();
			return this.client.getSandboxes(ids, o);
		});
		const sandboxes = found.filter((s): s is Sandbox => s !== null);
		for (const sandbox of sandboxes) this.resources.upsert('sandboxes', sandbox, false, sentAt);
		const snapshot = this.core.get();
		const at = this.core.now();
		let items = snapshot.attention;
		ids.forEach((id, index) => {
			items = this.see(id, found[index]?.status ?? 'MISSING', items, at);
		});
		if (items !== snapshot.attention) this.core.set({...snapshot, attention: items});
	}

	private idsToCheck(): string[] {
		const ids: string[] = [];
		for (const [id, watch] of this.watches) {
			if (!watch.booting && watch.status !== 'MISSING') ids.push(id);
		}
		return ids.slice(-MAX_SANDBOX_IDS);
	}

	private judge(id: string, watch: SandboxWatch, status: string | null, items: Items, at: number): Items {
		watch.status = status;
		if (status === null || status === watch.reported) return items;
		if (!SANDBOX_NEEDS.has(status)) {
			watch.reported = null;
			return without(items, 'sandbox', id);
		}
		watch.reported = status;
		return put(items, makeItem('sandbox', id, status, `sandbox ${id}`, at));
	}
}

function isBoot(p: PendingAction): boolean {
	return (p.kind === 'start' || p.kind === 'resume') && p.targetId !== null;
}
