import type {ServerInfo} from './client.js';
import type {Http} from './http.js';

/** Generation probe (shared/openhands-api-newer.md 1.2). Placeholder: assumes legacy until built. */
export function createProbe(_http: Http): {info(signal?: AbortSignal): Promise<ServerInfo>; invalidate(): void} {
	const info: ServerInfo = {generation: 'legacy', flavour: null, auth: 'session', label: 'legacy'};
	return {
		info: async () => info,
		invalidate() {},
	};
}
