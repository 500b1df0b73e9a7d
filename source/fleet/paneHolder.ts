/**
 * A pane shown for one server's item at a time (the activity, the changes, the files): the fleet
 * remembers whose it is, so opening it on another server closes it on the last one first, and a
 * server taken out of view takes its pane with it.
 */
import type {Store} from '../store/types.js';
import type {ServerName} from './types.js';

export class PaneHolder<S extends Store> {
	private server: ServerName | null = null;

	constructor(
		private readonly storeOf: (server: ServerName) => S | null,
		private readonly closeIn: (store: S) => void,
	) {}

	/** the store the pane is open on, if any */
	store(): S | null {
		return this.server === null ? null : this.storeOf(this.server);
	}

	/** `store` is `server`'s: the pane moves there (closed on another server first) */
	open(server: ServerName, store: S, openIn: (store: S) => void): void {
		if (this.server !== server) this.close();
		this.server = server;
		openIn(store);
	}

	close(): void {
		const store = this.store();
		if (store) this.closeIn(store);
		this.server = null;
	}

	/** its server's store was disposed: nothing to close */
	forget(server: ServerName): void {
		if (this.server === server) this.server = null;
	}
}
