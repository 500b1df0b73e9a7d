/**
 * A conversation named on the command line: its whole id (one batch get per server) or a unique
 * prefix of it, as the TUI and `ohtui ls` show them (the servers' conversation lists are read, up
 * to each server's `maxItems`). Dashes and case do not matter (ids are 32 hex digits on the wire, dashed
 * accepted: api/schemas/common.ts). No match exits 4; several exit 2 and list them.
 */
import {collectPages} from '../api/paging/paging.js';
import type {AppConversation} from '../api/schemas/index.js';
import {clean, truncate} from '../text/sanitize.js';
import {titleOf} from './conversationRows.js';
import {CommandError, EXIT} from './exitCodes.js';
import type {OpenServer} from './servers.js';

export type Found = {server: OpenServer; conversation: AppConversation};

const WHOLE = /^[0-9a-f]{32}$/;
/** Candidates listed for an ambiguous prefix; more are counted, not listed. */
const MAX_LISTED = 10;

export function normalizeId(text: string): string {
	return text.trim().replaceAll('-', '').toLowerCase();
}

/** The id as typed, made safe to repeat in a message. */
function shown(text: string): string {
	return truncate(clean(text), 40);
}

export async function resolveConversation(servers: readonly OpenServer[], typed: string): Promise<Found> {
	const id = normalizeId(typed);
	if (id === '') throw new CommandError(EXIT.usage, 'the conversation id is empty');
	const found = WHOLE.test(id) ? await byWholeId(servers, id) : await byPrefix(servers, id);
	if (found.length === 1) return found[0]!;
	if (found.length === 0) {
		throw new CommandError(EXIT.notFound, WHOLE.test(id) ? `no conversation ${shown(typed)}` : `no conversation id starts with ${shown(typed)}`);
	}
	const several = servers.length > 1;
	const lines = found.slice(0, MAX_LISTED).map(f => `  ${several ? `${clean(f.server.name)}  ` : ''}${clean(f.conversation.id)}  ${truncate(titleOf(f.conversation), 60)}`);
	if (found.length > MAX_LISTED) lines.push(`  … and ${found.length - MAX_LISTED} more`);
	throw new CommandError(EXIT.usage, `${shown(typed)} is ambiguous: ${found.length} conversations match (give more of the id)`, lines);
}

/** Each server asked at once; a server that cannot answer fails the whole lookup (the match might be there). */
async function byWholeId(servers: readonly OpenServer[], id: string): Promise<Found[]> {
	const answers = await Promise.all(servers.map(async server => ({server, items: await server.client.getConversations([id])})));
	return answers.flatMap(({server, items}) => items.filter((c): c is AppConversation => c !== null && c.id === id).map(conversation => ({server, conversation})));
}

/** Each server's list is read up to its own `maxItems` (as `G` loads it in the TUI). */
async function byPrefix(servers: readonly OpenServer[], prefix: string): Promise<Found[]> {
	const answers = await Promise.all(
		servers.map(async server => {
			const {items} = await collectPages((query, options) => server.client.searchConversations(query, options), {maxItems: server.maxItems});
			return {server, items};
		}),
	);
	return answers.flatMap(({server, items}) => items.filter(c => normalizeId(c.id).startsWith(prefix)).map(conversation => ({server, conversation})));
}
