/** A one-server fleet over a store (a FakeStore in view tests, a real one in integration tests). */
import {createFleet, type LocalFleet} from '../../source/fleet/createFleet.js';
import type {Store} from '../../source/store/types.js';

/** The server name view tests' rows carry. */
export const SERVER = 'local';

export function fleetOf(store: Store, name = SERVER, label = 'http://127.0.0.1:3000'): LocalFleet {
	return createFleet([{name, label, createStore: () => store}]);
}
