import type {SecurityRisk} from '../events/model.js';
import type {ConversationRecord} from '../state.js';
import type {Usage} from './usage.js';

/** `confirmation_policy` (§7.4; `sdk/security/confirmation_policy.py`). */
export type ConfirmationPolicy =
	| {kind: 'NeverConfirm'}
	| {kind: 'AlwaysConfirm'}
	| {kind: 'ConfirmRisky'; threshold: 'LOW' | 'MEDIUM' | 'HIGH'; confirm_unknown: boolean};

export const NEVER_CONFIRM: ConfirmationPolicy = {kind: 'NeverConfirm'};
export const CONFIRM_RISKY: ConfirmationPolicy = {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true};

const RANK: Record<SecurityRisk, number> = {UNKNOWN: -1, LOW: 0, MEDIUM: 1, HIGH: 2};

/** Whether an action of this risk waits for the user under the policy. */
export function policyConfirms(policy: ConfirmationPolicy, risk: SecurityRisk): boolean {
	switch (policy.kind) {
		case 'NeverConfirm':
			return false;
		case 'AlwaysConfirm':
			return true;
		case 'ConfirmRisky':
			return risk === 'UNKNOWN' ? policy.confirm_unknown : RANK[risk] >= RANK[policy.threshold];
	}
}

/**
 * One conversation of the agent server: the engine's record (id, title, status, times; `sandboxId` is
 * unused here) plus what `ConversationInfo` carries (§4.2).
 */
export type AgentConversation = ConversationRecord & {
	workingDir: string;
	policy: ConfirmationPolicy;
	securityAnalyzer: {kind: string} | null;
	maxIterations: number;
	stuckDetection: boolean;
	autotitle: boolean;
	/** the LLM's usage id: where its cost and tokens go in `stats.usage_to_metrics` */
	usageId: string;
	/** `usage_to_metrics`, by usage id */
	usage: Map<string, Usage>;
	lastUserMessageId: string | null;
	leafEventId: string | null;
	tags: Record<string, string>;
};
