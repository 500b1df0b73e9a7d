export {createStore, type PollingStore} from './createStore.js';
export type * from './types.js';
