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

/** One conversation's events, in timestamp order (appends only ever move time forward). */
export class ConversationLog {
	readonly events: EventRecord[] = [];
	readonly byId = new Map<string, EventRecord>();
	/** sorted by name; kept up to date by binary insertion (new names nearly always go last) */
	private readonly files: LegacyFile[] = [];

	constructor(readonly conversationId: string) {}

	get lastUs(): number {
		return this.events.length > 0 ? this.events[this.events.length - 1]!.us : 0;
	}

	append(record: EventRecord): void {
		this.events.push(record);
		this.byId.set(record.id, record);
		const file = {name: legacyFileName(record), record};
		let i = this.files.length;
		while (i > 0 && this.files[i - 1]!.name > file.name) i--;
		this.files.splice(i, 0, file);
	}

	legacyFiles(): readonly LegacyFile[] {
		return this.files;
	}
}
