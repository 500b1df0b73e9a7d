import {randomUUID} from 'node:crypto';
import type {IncomingMessage} from 'node:http';
import {fixedZone} from '../agentServer/zone.js';
import type {SocketBackend, SocketConversation} from '../agentServer/socketServer.js';
import type {Subscriber} from '../agentServer/state.js';
import type {ActivityHub} from '../events/hub.js';
import {dropNulls} from '../events/wire.js';
import {toJson} from '../json.js';
import {sandboxStatus} from '../sandboxOps.js';
import {formatNaive} from '../time.js';
import type {RequestRecord} from '../types.js';
import type {Agent} from './agent.js';
import {agentWire} from './agentRoutes.js';
import {sendMessage} from './commands.js';
import {conversationInfo} from './conversationInfo.js';
import {listenerFeatures} from './listenerVersion.js';

/**
 * The events websocket of the agent server in each sandbox (shared/openhands-agent-server.md §6), on
 * the listener that stands in for all of them. Legacy app servers launch SDK 1.1.0 (query key only,
 * `resend_all` only, no error frames, no cap); sandbox-server 1.x launches 1.37.1. The key is the
 * session key of the conversation's sandbox; events read as this listener's REST search gives them.
 */

/** The app server's webhook is one more of the agent server's own subscribers (§6.2). */
const OWN_SUBSCRIBERS = 2;

function socketConversation(hub: ActivityHub, agent: Agent): SocketConversation {
	const id = agent.conversation.id;
	const unlisten = new Map<Subscriber, () => void>();
	const frame = (fields: Record<string, unknown>) => ({id: randomUUID(), timestamp: formatNaive(hub.state.nowUs()), source: 'environment', ...fields});
	return {
		serverSubscribers: () => OWN_SUBSCRIBERS + (agent.conversation.title === null ? 1 : 0),
		subscriberCount: () => hub.listenerCount(id),
		subscribe: subscriber => unlisten.set(subscriber, hub.listen(id, record => subscriber.send(toJson(agentWire(hub.shape, record))))),
		unsubscribe: subscriber => {
			unlisten.get(subscriber)?.();
			unlisten.delete(subscriber);
		},
		fullState: () => {
			// the ConversationState part of ConversationInfo: no title, metrics or dates
			const {title: _t, metrics: _m, created_at: _c, updated_at: _u, ...state} = conversationInfo(agent, hub.shape);
			const full = {...frame({key: 'full_state', value: state}), kind: 'ConversationStateUpdateEvent'};
			return hub.shape === 'sdk1.37' ? (dropNulls(full) as Record<string, unknown>) : full;
		},
		events: () => agent.log.events,
		frame: record => agentWire(hub.shape, record),
		say: content => sendMessage(hub.engine, agent, content, true),
		errorFrame: (code, detail) => ({...frame({code, detail}), kind: 'ServerErrorEvent'}),
	};
}

export function listenerSocketBackend(hub: ActivityHub, requests: RequestRecord[]): SocketBackend {
	const {state} = hub;
	const running = (sandboxId: string) => {
		const sandbox = state.sandboxById.get(sandboxId);
		return sandbox !== undefined && sandboxStatus(state, sandbox) === 'RUNNING';
	};
	return {
		features: listenerFeatures(hub.shape),
		zone: fixedZone(0),
		guarded: () => true,
		keyValid: (key, hex) => {
			const conversation = state.conversationById.get(hex);
			// this agent server's own key (the conversation's sandbox), or any running sandbox's for an id it does not know
			if (conversation) return state.sandboxById.get(conversation.sandboxId)?.sessionKey === key;
			return state.sandboxes.some(s => s.sessionKey === key && running(s.id));
		},
		find: hex => {
			hub.advance();
			const agent = hub.agent(hex);
			return agent && !agent.deleted ? socketConversation(hub, agent) : undefined;
		},
		record: (req: IncomingMessage, url: URL) =>
			requests.push({method: req.method ?? 'GET', path: url.pathname, query: url.search.replace(/^\?/, ''), at: state.now(), upgrade: true}),
	};
}

/** A conversation whose sandbox is not RUNNING has no agent server to answer: its socket is cut, as REST is. */
export function unreachable(hub: ActivityHub, path: string): boolean {
	const m = /^\/sockets\/events\/([0-9a-fA-F-]{32,36})$/.exec(path);
	const hex = m ? m[1]!.replaceAll('-', '').toLowerCase() : null;
	const conversation = hex ? hub.state.conversationById.get(hex) : undefined;
	if (!conversation) return false;
	const sandbox = hub.state.sandboxById.get(conversation.sandboxId);
	return !sandbox || sandboxStatus(hub.state, sandbox) !== 'RUNNING';
}

