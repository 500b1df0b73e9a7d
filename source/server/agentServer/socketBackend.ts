import type {IncomingMessage} from 'node:http';
import type {RequestRecord} from '../types.js';
import {conversationState} from './conversationView.js';
import {say} from './drive.js';
import type {SocketBackend, SocketConversation} from './socketServer.js';
import type {AgentServerState, Entry} from './state.js';
import {eventJson, fullStateFrame, serverErrorFrame} from './wire.js';

/** The agent-server stand-in's conversations as its events websocket sees them. */
function socketConversation(state: AgentServerState, entry: Entry): SocketConversation {
	const id = entry.c.id;
	return {
		// `_EventSubscriber` always, `AutoTitleSubscriber` while there is no title (§6.2)
		serverSubscribers: () => (entry.c.title === null ? 2 : 1),
		subscriberCount: () => state.subscriberCount(id),
		subscribe: subscriber => state.subscribe(id, subscriber),
		unsubscribe: subscriber => state.unsubscribe(id, subscriber),
		fullState: () => fullStateFrame(state, state.nowUs(), conversationState(entry.c)),
		events: () => entry.agent.log.events,
		frame: record => eventJson(state, entry.c, record),
		say: content => say(state, entry, content, true),
		errorFrame: (code, detail) => serverErrorFrame(state, state.nowUs(), code, detail),
	};
}

export function agentServerSockets(state: AgentServerState, keys: readonly string[], requests: RequestRecord[], now: () => number): SocketBackend {
	return {
		features: state.features,
		zone: state.zone,
		guarded: () => keys.length > 0,
		keyValid: key => keys.includes(key),
		find: hex => {
			const entry = state.entry(hex);
			return entry && socketConversation(state, entry);
		},
		record: (req: IncomingMessage, url: URL) =>
			requests.push({method: req.method ?? 'GET', path: url.pathname, query: url.search.replace(/^\?/, ''), at: now(), upgrade: true}),
	};
}
