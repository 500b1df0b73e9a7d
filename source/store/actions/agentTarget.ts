import type {AgentTarget} from '../../api/client.js';
import type {AppConversation} from '../../api/schemas/index.js';

/** What the client needs to reach a conversation's agent server (its own, or a sandbox's). */
export function targetOf(conversation: AppConversation): AgentTarget {
	return {
		id: conversation.id,
		conversation_url: conversation.conversation_url,
		session_api_key: conversation.session_api_key,
		sandbox_id: conversation.sandbox_id,
		working_dir: conversation.working_dir ?? null,
		repository: conversation.selected_repository,
	};
}


export {policyText} from '../../api/confirmationPolicy.js';
