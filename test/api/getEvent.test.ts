// Issue 27 item 2: an event the store keeps short is read in full by id when the user opens it, on
// every kind of server, against the stand-ins over real HTTP: the agent server's `GET …/events/{id}`
// (an unknown id is its 500), the current app server's `…/events?id=`, the legacy `/api/v1/events?id=`.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {startAgentServerStandIn, startStandInServer} from '../../source/server/index.js';

const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(item => item.close()));
});

async function appClient(generation: 'legacy' | 'current'): Promise<OpenHandsClient> {
	const server = await startStandInServer({generation, rateLimit: false, bootMs: 0, live: false});
	const client = createClient({baseUrl: server.url});
	open.push(server, client);
	return client;
}

async function agentClient(): Promise<OpenHandsClient> {
	const server = await startAgentServerStandIn({live: false, apiKey: 'get-event-key'});
	const client = createClient({baseUrl: server.url, apiKey: 'get-event-key'});
	open.push(server, client);
	return client;
}

describe.each([
	['legacy app server', () => appClient('legacy')],
	['current app server', () => appClient('current')],
	['agent server', agentClient],
])('%s: one event by id', (_name, make) => {
	it('is the event the search gives; an id it does not have is null', async () => {
		const client = await make();
		const conversations = (await client.searchConversations({limit: 100})).items;
		let found: {id: string; eventId: string; kind: string} | null = null;
		for (const c of conversations) {
			const page = await client.searchEvents(c.id, {limit: 5});
			const event = page.items.at(-1);
			if (event) {
				found = {id: c.id, eventId: event.id, kind: event.kind};
				break;
			}
		}
		expect(found).not.toBeNull();
		const event = await client.getEvent(found!.id, found!.eventId);
		expect(event).toMatchObject({id: found!.eventId, kind: found!.kind});
		expect(await client.getEvent(found!.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
	});
});
