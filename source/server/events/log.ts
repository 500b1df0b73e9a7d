import type {EventRecord} from './model.js';

/**
 * The legacy app server's file name for an event, `<YYYYMMDDHHMMSS>_<Kind>_<id hex>`
 * (`OH@d6fab190: event/filesystem_event_service.py`): listing order is this name's order, so events of
 * one second sort by kind, then id (shared/openhands-api-newer.md 4.1).
 */
export function legacyFileName(record: EventRecord): string {
	const iso = new Date(Math.floor(record.us / 1000)).toISOString();
	const stamp = iso.slice(0, 19).replace(/[-T:]/g, '');
	return `${stamp}_${record.body.kind}_${record.id.replaceAll('-', '')}`;
}

export type LegacyFile = {name: string; record: EventRecord};

/**
 * One conversation's events, in timestamp order (appends only ever move time forward): `events` as
 * its agent server holds them, `legacyFiles()` as a legacy app server's event store does. The two
 * are the same unless the store gets them through the webhook's batches (./webhook.ts): then
 * `append` leaves the store to `store`.
 */
export class ConversationLog {
	readonly events: EventRecord[] = [];
	readonly byId = new Map<string, EventRecord>();
	/** sorted by name; kept up to date by binary insertion (new names nearly always go last) */
	private readonly files: LegacyFile[] = [];
	/** events reach the app server's store only when `store` is called (the webhook posted them) */
	batched = false;

	constructor(readonly conversationId: string) {}

	get lastUs(): number {
		return this.events.length > 0 ? this.events[this.events.length - 1]!.us : 0;
	}

	append(record: EventRecord): void {
		this.events.push(record);
		this.byId.set(record.id, record);
		if (!this.batched) this.store(record);
	}

	/** The app server's event store gets the event (as a file named after it). */
	store(record: EventRecord): void {
		const file = {name: legacyFileName(record), record};
		let i = this.files.length;
		while (i > 0 && this.files[i - 1]!.name > file.name) i--;
		this.files.splice(i, 0, file);
	}

	/** what the app server's event store holds, in listing order */
	legacyFiles(): readonly LegacyFile[] {
		return this.files;
	}
}
