/**
 * `snapshot.server`: what the client's probe found (generation, flavour, auth; for the header). Asked
 * once at start and again when the server comes back after being unreachable: the client forgets its
 * probe when a request cannot reach the server (api/createClient.ts), so asking then re-probes, and an
 * upgrade done while the server was down shows. Asking when nothing changed costs no request.
 */
import type {OpenHandsClient, ServerInfo} from '../api/client.js';
import type {ApiErrorKind} from '../api/errors.js';
import {PRIORITY} from './budget.js';
import type {Core} from './core.js';
import type {StoreSnapshot} from './types.js';

const OUTAGE: ReadonlySet<ApiErrorKind> = new Set(['unreachable', 'timeout']);

function outage(snapshot: StoreSnapshot): boolean {
	const states = [snapshot.settings, snapshot.conversations, snapshot.sandboxes, snapshot.specs];
	return states.some(state => state.error !== null && OUTAGE.has(state.error.kind));
}

function same(a: ServerInfo | null, b: ServerInfo): boolean {
	return (
		a !== null &&
		a.kind === b.kind &&
		a.generation === b.generation &&
		a.flavour === b.flavour &&
		a.auth === b.auth &&
		a.version === b.version &&
		a.label === b.label &&
		JSON.stringify(a.capabilities) === JSON.stringify(b.capabilities)
	);
}

export class ServerInfoWatch {
	private wasOutage = false;
	private asking = false;
	private unsubscribe: (() => void) | null = null;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
	) {}

	start(): void {
		if (this.unsubscribe) return;
		this.unsubscribe = this.core.subscribe(() => {
			const now = outage(this.core.get());
			if (this.wasOutage && !now) this.ask();
			this.wasOutage = now;
		});
		this.ask();
	}

	dispose(): void {
		this.unsubscribe?.();
		this.unsubscribe = null;
	}

	private ask(): void {
		if (this.asking || this.core.disposed) return;
		this.asking = true;
		void this.core
			.send(PRIORITY.poll, options => this.client.serverInfo(options))
			.then(
				info => {
					// the probe read the settings with the key: a list's first 401 next is asked again
					// after a second, not the minute (issue 27 item 12)
					if (info.keyTaken) this.core.tookKey();
					const snapshot = this.core.get();
					if (!same(snapshot.server, info)) this.core.set({...snapshot, server: info});
				},
				() => {
					// unreachable: the resources fail too, and their recovery asks again; anything else
					// (not an OpenHands server) leaves the header without a label
				},
			)
			.finally(() => {
				this.asking = false;
			});
	}
}
