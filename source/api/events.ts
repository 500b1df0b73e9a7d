import type {CallOptions, EventQuery} from './client.js';
import type {ApiContext} from './context.js';
import {notYet} from './notYet.js';
import type {ConversationEvent, Page} from './schemas/index.js';

export async function searchEvents(
	_ctx: ApiContext,
	_conversationId: string,
	_query?: EventQuery,
	_options?: CallOptions,
): Promise<Page<ConversationEvent>> {
	return notYet('event search');
}
