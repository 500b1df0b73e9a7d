import {featuresOf, type Features} from '../agentServer/version.js';
import type {Shape} from '../events/wire.js';

/**
 * The agent server in the sandboxes of this app server: legacy app servers launch SDK 1.1.0,
 * sandbox-server 1.x launches 1.37.1 (shared/openhands-agent-server.md §9).
 */
export function listenerFeatures(shape: Shape): Features {
	return featuresOf(shape === 'sdk1.1' ? '1.1.0' : '1.37.1');
}
