// What needs the user, and the newest events of each conversation, as the store gives them to the UI
// (read through ./types.ts).
import type {AppConversation, ConversationEvent} from '../api/schemas/index.js';
import type {NeedsYouReason} from './attention/needsYou.js';
import type {ErrorInfo} from './resourceTypes.js';

/**
 * Something that needs the user (issue 19 §1): a conversation in a state that needs you now
 * (./attention/needsYouItems.ts), or a start task or sandbox of this session that failed (./attention/attention.ts).
 */
export type AttentionItem = {
	/** unique per entry into a state, e.g. `conversation:<id>:waiting_for_confirmation:<epoch ms>:<n>` */
	key: string;
	subject: 'conversation' | 'start-task' | 'sandbox';
	/** conversation id, start-task id or sandbox id */
	id: string;
	/** the state that needs the user: waiting_for_confirmation, finished, error, stuck, ERROR, MISSING */
	state: string;
	/** one line, cleaned by the UI */
	title: string;
	at: number;
	/** the conversation as last seen (it may not be among the loaded rows): `!` opens its activity */
	conversation?: AppConversation;
	/** a conversation's: why it needs you (./attention/needsYou.ts) */
	reason?: NeedsYouReason;
	/** this session saw it happen (not there at start, nor while the user looked): announce it */
	transition?: boolean;
};

/** A conversation's newest events, for the list's "doing now" and the preview (./attention/glimpses.ts). */
export type Glimpse = {
	/** oldest first, the newest few */
	events: readonly ConversationEvent[];
	fetchedAt: number | null;
	/** the last search failed (the events are the last ones read) */
	error: ErrorInfo | null;
	/** the newest change of the agent's execution status the events showed (server time) */
	stateSince: {status: string; at: number} | null;
	/**
	 * the agent server's clock ahead of UTC (its naive event times minus UTC), learned where its own
	 * listing is read (../clockOffset.ts); absent: 0, as the times are read
	 */
	clockOffsetMs?: number;
	/**
	 * an app server's waiting conversation: what its agent server can do (asked once, so `x` knows
	 * before it asks for a reason whether a reject can work: issue 27 item 17); absent until known
	 */
	agent?: {version: string | null; rejects: boolean};
};
