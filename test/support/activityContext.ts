import {afterEach} from 'vitest';
import type {Generation} from '../../source/api/client.js';
import type {ApiContext} from '../../source/api/context.js';
import {type ActivityServer, startActivityServer} from './activityServer.js';
import {contextFor} from './generationClient.js';

/**
 * The activity fixture server with a client context of the given generation, one of each per test:
 * `open` starts both, and both are closed after the test.
 */
export function activityContexts(): {open(generation: Generation): Promise<{server: ActivityServer; ctx: ApiContext}>} {
	const opened: {close(): Promise<void>}[] = [];
	afterEach(async () => {
		for (const one of opened.splice(0).reverse()) await one.close();
	});
	return {
		async open(generation) {
			const server = await startActivityServer(generation);
			opened.push(server);
			const ctx = contextFor({baseUrl: server.url}, generation);
			opened.push(ctx);
			return {server, ctx};
		},
	};
}
