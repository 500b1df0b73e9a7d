/**
 * Confirmation policies (agent-server doc 7.4), without zod: the store and the UI's first chunk
 * read these too.
 */
import type {ConfirmationPolicy} from './schemas/conversation.js';

export const ALWAYS: ConfirmationPolicy = {kind: 'AlwaysConfirm'};
export const RISKY: ConfirmationPolicy = {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true};
export const NEVER: ConfirmationPolicy = {kind: 'NeverConfirm'};

/**
 * Confirmation from saved settings, as Agent Canvas maps them: off → NeverConfirm; on with the LLM
 * analyzer → ConfirmRisky (HIGH, unknown risks asked); on otherwise → AlwaysConfirm.
 */
export function policyFromSettings(mode: boolean | null | undefined, analyzer: string | null | undefined): ConfirmationPolicy {
	if (!mode) return NEVER;
	return analyzer === 'llm' ? RISKY : ALWAYS;
}

/** `always confirm`, `confirm risky actions (HIGH, unknown too)`, `never confirm`; another kind as sent. */
export function policyText(policy: ConfirmationPolicy | null | undefined): string {
	if (!policy) return 'unknown';
	switch (policy.kind) {
		case 'AlwaysConfirm':
			return 'always confirm';
		case 'NeverConfirm':
			return 'never confirm';
		case 'ConfirmRisky': {
			const unknown = policy.confirm_unknown === false ? '' : ', unknown too';
			return `confirm risky actions${policy.threshold ? ` (${policy.threshold}${unknown})` : ''}`;
		}
		default:
			return policy.kind;
	}
}
