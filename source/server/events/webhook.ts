import type {EventRecord} from './model.js';

/**
 * How a legacy app server's event store gets a conversation's events (OpenHands d6fab190 with
 * SDK 1.1.0 in its sandboxes; issue 27 item 7): the agent server posts them to the app server's
 * webhook (`sdk@v1.1.0: agent_server/conversation_service.py` `WebhookSubscriber`, `config.py`
 * `WebhookSpec`): queued, posted when EVENT_BUFFER_SIZE are queued, else FLUSH_DELAY_MS after the
 * newest one (the timer starts again at each event). The app server's search and batch get see only
 * what was posted, while the agent server (its REST and its socket) has every event at once.
 */
export const EVENT_BUFFER_SIZE = 10;
export const FLUSH_DELAY_MS = 30_000;

export class WebhookQueue {
	private queue: EventRecord[] = [];
	/** clock ms when the queue is posted though not full; null when it is empty */
	flushAt: number | null = null;

	/** `post` gets the queue, in order, when it is posted. */
	constructor(private readonly post: (records: readonly EventRecord[]) => void) {}

	/** `atMs`: when the event happened (a clock jump runs the beats it passed at their own times) */
	add(record: EventRecord, atMs: number): void {
		this.queue.push(record);
		if (this.queue.length >= EVENT_BUFFER_SIZE) this.flush();
		else this.flushAt = atMs + FLUSH_DELAY_MS;
	}

	/** Posts the queue when its timer ran out by `nowMs`. */
	due(nowMs: number): void {
		if (this.flushAt !== null && this.flushAt <= nowMs) this.flush();
	}

	get waiting(): number {
		return this.queue.length;
	}

	private flush(): void {
		const records = this.queue;
		this.queue = [];
		this.flushAt = null;
		if (records.length > 0) this.post(records);
	}
}
