// The open conversation's activity as the store gives it to the UI (read through ./types.ts).
import type {AppConversation, ConversationEvent} from '../api/schemas/index.js';
import type {AgentInfo} from './agentTypes.js';
import type {ErrorInfo} from './resourceTypes.js';

/**
 * The activity of the one conversation whose events are open (issue 10): a bounded window of its
 * events, oldest first, with a cursor for what is newer and a page id for what is older.
 */
export type ActivityState = {
	conversationId: string;
	/** oldest first; a bounded window (older ones are dropped when scrolled away, loaded again on demand) */
	events: readonly ConversationEvent[];
	/** the server has events older than the first one held */
	hasOlder: boolean;
	loadingOlder: boolean;
	/** new events are fetched every interval (on while the user is at the end) */
	following: boolean;
	/** the first load is in flight */
	loading: boolean;
	error: ErrorInfo | null;
	/** epoch ms of the last change */
	fetchedAt: number | null;
	/*
	 * Always set by the store; optional only so snapshots built by hand in UI tests need not.
	 */
	/** events newer than the last one held exist (the window dropped them while the user read far back) */
	hasNewer?: boolean;
	/** the conversation (title, statuses, cost), kept fresh while the view is open; null until known */
	conversation?: AppConversation | null;
	/** events the server sent that could not be read (skipped, never blanking the view) */
	unreadable?: number;
	/** how new events come (issue 18): over the conversation's websocket, or by a search every interval; null until known */
	transport?: ActivityTransport | null;
	/** why reading events stopped (the server's pages went round), until the user asks again (Ctrl-r); null while reading */
	stopped?: string | null;
	/**
	 * The whole of an event the window keeps short (issue 27 item 2), read while its pager is open:
	 * `event` null while on its way or when the server had it no more (`error` says which).
	 */
	wholeEvent?: {id: string; event: ConversationEvent | null; error: string | null} | null;
	/** events dropped because their id repeats another's (each counted once) */
	duplicates?: number;
	/** its agent server (version, abilities, policy); null until asked (absent in hand-built snapshots) */
	agent?: AgentInfo | null;
};

/** `live`: the websocket brings events as they happen; else a search every `everyMs` (`why`: one line, why no socket). */
export type ActivityTransport = {live: boolean; everyMs: number; why: string | null};
