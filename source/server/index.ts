export {startStandInServer} from './standInServer.js';
export {serve} from './serve.js';
export type {RequestRecord, StandInOptions, StandInServer} from './types.js';
export {startAgentServerStandIn} from './agentServer/start.js';
export type {AgentServerOptions, AgentServerStandIn, CreatedEvent} from './agentServer/types.js';
