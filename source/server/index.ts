export {startStandInServer} from './standInServer.js';
export {serve} from './serve.js';
export type {RequestRecord, StandInOptions, StandInServer} from './types.js';
