import type {AuthMode, Generation, ServerInfo} from '../../source/api/client.js';
import {appServerCapabilities, labelOf} from '../../source/api/probe.js';

/** What the probe answers for an app server of this generation and flavour. */
export function appServerInfo(generation: Generation, flavour: string | null, auth: AuthMode): ServerInfo {
	return {kind: 'app-server', generation, flavour, auth, version: null, capabilities: appServerCapabilities, label: labelOf(generation, flavour)};
}
