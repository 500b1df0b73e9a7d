import type {OpenHandsClient} from './client.js';

/** One kind of server behind the client (./appBackend.ts, ./agentBackend.ts); ./createClient.ts picks one per call. */
export type Backend = Omit<OpenHandsClient, 'baseUrl' | 'serverInfo' | 'close'>;
