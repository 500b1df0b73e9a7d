import * as undici from 'undici';
import {describe, expect, it} from 'vitest';
import {Pool, ProxyAgent} from '../../../source/api/transport/undiciParts.js';

// The app takes undici's parts from its modules (not the index, which loads fetch, WebSocket,
// caches…): they must stay the very classes the index exports, with the request method it adds.
describe('undici parts', () => {
	it('are the index exports (e2e tests make real requests through the bundle)', () => {
		expect(Pool).toBe(undici.Pool);
		expect(ProxyAgent).toBe(undici.ProxyAgent);
	});
});
