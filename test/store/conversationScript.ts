/** The scripted conversation server (../support/conversationServer.ts) and a store on one manual clock. */
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {createStore, type PollingStore} from '../../source/store/createStore.js';
import type {StoreOptions} from '../../source/store/types.js';
import {startConversationServer, type ConversationServer, type ScriptedConversation} from '../support/conversationServer.js';
import {ManualClock} from './manualClock.js';

export {hexId} from '../support/conversationServer.js';

export type Script = {
	clock: ManualClock;
	client: OpenHandsClient;
	store: PollingStore;
	conversations: ScriptedConversation[];
	seen: ConversationServer['seen'];
	move: ConversationServer['move'];
	advance(ms: number): Promise<void>;
	close(): Promise<void>;
};

export async function script(initial: Omit<ScriptedConversation, 'updatedAt'>[], options: StoreOptions = {}): Promise<Script> {
	const clock = new ManualClock();
	const server = await startConversationServer(initial, clock.now);
	const client = createClient({baseUrl: server.url});
	const store = createStore(client, {scheduler: clock, random: () => 0.5, ...options});
	const settle = () => store.whenSettled();
	return {
		clock,
		client,
		store,
		conversations: server.conversations,
		seen: server.seen,
		move: server.move,
		advance: ms => clock.advance(ms, settle),
		async close() {
			store.dispose();
			await client.close();
			await server.close();
		},
	};
}
