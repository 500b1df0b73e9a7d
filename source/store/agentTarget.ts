import type {AgentTarget} from '../api/client.js';
import type {AppConversation} from '../api/schemas/index.js';

/** What the agent server of a conversation needs (its address and session key), from the conversation. */
export function targetOf(conversation: AppConversation): AgentTarget {
	return {
		id: conversation.id,
		conversation_url: conversation.conversation_url,
		session_api_key: conversation.session_api_key,
		sandbox_id: conversation.sandbox_id,
	};
}
