import type {AgentServers} from './agent/agentServer.js';
import type {ServerInfo} from './types.js';
import type {Http} from './transport/http.js';

/** What the resource modules get: the transport, and the server's generation once probed. */
export type ApiContext = {
	http: Http;
	/** probes on first use (shared/openhands-api-newer.md 1.2), then answers from memory */
	server(signal?: AbortSignal): Promise<ServerInfo>;
	/** transports to conversations' agent servers (another origin, the sandbox's session key) */
	agents: AgentServers;
};
