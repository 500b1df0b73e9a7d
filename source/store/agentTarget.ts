import type {AgentTarget} from '../api/client.js';
import type {AppConversation, ConfirmationPolicy} from '../api/schemas/index.js';

/** What the client needs to reach a conversation's agent server (its own, or a sandbox's). */
export function targetOf(conversation: AppConversation): AgentTarget {
	return {
		id: conversation.id,
		conversation_url: conversation.conversation_url,
		session_api_key: conversation.session_api_key,
		sandbox_id: conversation.sandbox_id,
		working_dir: conversation.working_dir ?? null,
	};
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
