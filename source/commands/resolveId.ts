/**
 * A conversation named on the command line: its whole id (one batch get per server) or a unique
 * prefix of it, as the TUI and `ohtui ls` show them (the servers' conversation lists are read, up
 * to each server's `maxItems`). Dashes and case do not matter (ids are 32 hex digits on the wire, dashed
 * accepted: api/schemas/common.ts). No match exits 4; several exit 2 and list them.
 *
 * With several servers the same id may be on two of them (a copied database, a restored backup):
 * more of the id cannot tell them apart, so the server can be named, `laptop:3f2a91c0` or
 * `--server laptop` (issue 27 item 15), and the ambiguity says so.
 */
import {collectPages} from '../api/paging/paging.js';
import type {AppConversation} from '../api/schemas/index.js';
import {UsageError} from '../config/errors.js';
import {clean, truncate} from '../text/sanitize.js';
import {titleOf} from './conversationRows.js';
import {CommandError, EXIT, exitCodeOf} from './exitCodes.js';
import type {OpenServer} from './servers.js';

export type Found = {server: OpenServer; conversation: AppConversation};

/** `--server NAME` on every command that takes a conversation id. */
export const ID_OPTIONS = {server: {type: 'string'}} as const;

/** What `ID` means in a command's usage. */
export const ID_USAGE = `  ID                 a conversation id or a unique prefix of it; SERVER:ID (or --server SERVER)
                     names its server when several are open`;

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

/**
 * The servers to look on and the id: `NAME:ID` names the server (an id has no colon; a name may,
 * so the last colon splits), as `--server NAME` does; both must agree.
 */
export function narrow(servers: readonly OpenServer[], typed: string, named?: string): {servers: readonly OpenServer[]; typed: string} {
	const colon = typed.lastIndexOf(':');
	const qualifier = colon > 0 ? typed.slice(0, colon) : undefined;
	if (qualifier !== undefined && named !== undefined && qualifier !== named) throw new UsageError('the id names another server than --server');
	const name = qualifier ?? named;
	if (name === undefined) return {servers, typed};
	const server = servers.find(s => s.name === name);
	if (!server) {
		throw new UsageError(`no server named ${shown(name)} is open (${servers.map(s => clean(s.name)).join(', ')}; --all or --profile opens more)`);
	}
	return {servers: [server], typed: qualifier === undefined ? typed : typed.slice(colon + 1)};
}

/** `named`: the command's `--server NAME`. */
export async function resolveConversation(open: readonly OpenServer[], asTyped: string, named?: string): Promise<Found> {
	const {servers, typed} = narrow(open, asTyped, named);
	const id = normalizeId(typed);
	if (id === '') throw new CommandError(EXIT.usage, 'the conversation id is empty');
	const found = WHOLE.test(id) ? await byWholeId(servers, id) : await byPrefix(servers, id);
	if (found.length === 1) return found[0]!;
	if (found.length === 0) {
		// as typed, `desk:` and all: the server it was looked on is part of the answer
		throw new CommandError(EXIT.notFound, WHOLE.test(id) ? `no conversation ${shown(asTyped)}` : `no conversation id starts with ${shown(asTyped)}`);
	}
	const several = servers.length > 1;
	const lines = found.slice(0, MAX_LISTED).map(f => `  ${several ? `${clean(f.server.name)}  ` : ''}${clean(f.conversation.id)}  ${truncate(titleOf(f.conversation), 60)}`);
	if (found.length > MAX_LISTED) lines.push(`  … and ${found.length - MAX_LISTED} more`);
	throw new CommandError(EXIT.usage, `${shown(asTyped)} is ambiguous: ${found.length} conversations match (${howToTell(found, typed)})`, lines);
}

/** What tells the candidates apart: more of the id, or (an id on two servers) the server's name. */
function howToTell(found: readonly Found[], typed: string): string {
	const first = found[0]!;
	const name = clean(first.server.name);
	const qualified = `${name}:${shown(typed.trim())}`;
	const sameId = found.every(f => f.conversation.id === first.conversation.id);
	if (sameId) return `the same id on ${new Set(found.map(f => f.server.name)).size} servers: name the server, ${qualified} or --server ${name}`;
	const servers = new Set(found.map(f => f.server.name)).size;
	return servers > 1 ? `give more of the id, or name the server: ${qualified} or --server ${name}` : 'give more of the id';
}

/** Each server asked at once; a server that cannot answer fails the whole lookup (the match might be there). */
async function byWholeId(servers: readonly OpenServer[], id: string): Promise<Found[]> {
	const answers = await Promise.all(servers.map(async server => ({server, items: await named(servers, server, async () => server.client.getConversations([id]))})));
	return answers.flatMap(({server, items}) => items.filter((c): c is AppConversation => c !== null && c.id === id).map(conversation => ({server, conversation})));
}

/** Each server's list is read up to its own `maxItems` (as `G` loads it in the TUI). */
async function byPrefix(servers: readonly OpenServer[], prefix: string): Promise<Found[]> {
	const answers = await Promise.all(
		servers.map(async server => {
			const {items} = await named(servers, server, async () => collectPages((query, options) => server.client.searchConversations(query, options), {maxItems: server.maxItems}));
			return {server, items};
		}),
	);
	return answers.flatMap(({server, items}) => items.filter(c => normalizeId(c.id).startsWith(prefix)).map(conversation => ({server, conversation})));
}

/**
 * With several servers open, a server that cannot answer is named in the failure (as `ls` names
 * it), with the way to look on the others only; its exit code stays the failure's own.
 */
async function named<T>(servers: readonly OpenServer[], server: OpenServer, ask: () => Promise<T>): Promise<T> {
	try {
		return await ask();
	} catch (error) {
		if (servers.length < 2 || exitCodeOf(error) === EXIT.interrupted) throw error;
		const text = error instanceof Error ? error.message : String(error);
		throw new CommandError(exitCodeOf(error), `${clean(server.name)}: ${text} (the id might be there; SERVER:ID or --server looks on one server)`);
	}
}
