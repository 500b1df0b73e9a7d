/**
 * The parts of undici ohtui uses, taken from undici's own modules instead of its index. The index
 * loads every part at once (fetch and its zlib, WebSocket, EventSource, the caches with
 * node:sqlite, the mocks, HTTP/2): measured on Node 24 after the scale bench, the app's resident
 * memory was ~6 MB of heap and ~7 MB of node-binary pages higher for code that never runs.
 * The types still come from the index (undici publishes them there only); the bundle pins the
 * version, and test/api/transport/undiciParts.test.ts checks these are the classes the index exports.
 */
import type {Dispatcher as DispatcherClass, Pool as PoolClass, ProxyAgent as ProxyAgentClass} from 'undici';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';
import PoolModule from 'undici/lib/dispatcher/pool.js';
import ProxyAgentModule from 'undici/lib/dispatcher/proxy-agent.js';

// what undici's index does for every dispatcher: request, and connect, which ProxyAgent's tunnel uses
Object.assign((Dispatcher as {prototype: object}).prototype, api);

export const Pool = PoolModule as unknown as typeof PoolClass;
export const ProxyAgent = ProxyAgentModule as unknown as typeof ProxyAgentClass;
export type {DispatcherClass as Dispatcher};
