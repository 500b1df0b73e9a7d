import type {State} from '../state.js';

const urls = new WeakMap<State, string>();

/** Where this server's agent-server listener is, for the AGENT_SERVER url sandboxes advertise. */
export function setAgentUrl(state: State, url: string): void {
	urls.set(state, url);
}

/** null before the listener runs (or in unit tests that build a State alone). */
export function agentUrlOf(state: State): string | null {
	return urls.get(state) ?? null;
}
