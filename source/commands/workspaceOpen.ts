/**
 * What the workspace commands (`diff`, `exec`, `cp`, `trajectory`: issue 28) share: the conversation
 * named on the command line and its workspace on its agent server (api/agent/workspace.ts), with
 * the sandbox's session key registered with the masking first (no output can show it), and a
 * writer that waits for a slow reader instead of holding what it has not taken.
 */
import type {Workspace} from '../api/agent/workspace.js';
import type {AppConversation} from '../api/schemas/index.js';
import {tuneHeap} from '../runtime/memory.js';
import {targetOf} from '../store/actions/agentTarget.js';
import {registerKnownSecret} from '../text/secrets.js';
import type {CommandContext} from './context.js';
import type {Out} from './output.js';
import {resolveConversation} from './resolveId.js';
import {COMMAND_TIMEOUTS, type OpenServer, type Timeouts} from './servers.js';

/** An agent server may take a while to start answering a patch or a large file (git runs first). */
export const WORKSPACE_TIMEOUTS: Timeouts = {...COMMAND_TIMEOUTS, headersTimeoutMs: 120_000, bodyTimeoutMs: 60_000};

export type Opened = {server: OpenServer; conversation: AppConversation; workspace: Workspace};

/** `check` refuses before any request to the agent server (a read-only profile for what changes something). */
export async function openWorkspaceOf(ctx: CommandContext, typed: string, check?: (server: OpenServer) => void): Promise<Opened> {
	// these commands pass megabytes through: the app's heap settings keep the garbage of each chunk
	// from piling up before V8 collects it (runtime/memory.ts; ohtui exec of 10 MB: ~190 -> ~120 MB peak)
	tuneHeap();
	const servers = await ctx.connect(WORKSPACE_TIMEOUTS);
	const {server, conversation} = await resolveConversation(servers, typed, ctx.args.values['server']);
	check?.(server);
	registerKnownSecret(conversation.session_api_key);
	const workspace = await server.client.workspace(targetOf(conversation), {signal: ctx.io.signal});
	return {server, conversation, workspace};
}

type Stream = Out & {once?(event: 'drain', listener: () => void): unknown; writableNeedDrain?: boolean};

/**
 * Bytes or text to a stream; `drain()` waits while the reader is behind (a pipe to a slow program),
 * `flushed()` until all of it left (the process ends soon after: what is still buffered would be lost).
 */
export function streamWriter(out: Out): {write(chunk: Buffer | string): void; drain(): Promise<void>; flushed(): Promise<void>} {
	const stream = out as Stream;
	let behind = false;
	return {
		write(chunk) {
			if ((stream.write as (chunk: Buffer | string) => unknown)(chunk) === false) behind = true;
		},
		async drain() {
			if (!behind || typeof stream.once !== 'function') return;
			behind = false;
			await new Promise<void>(resolve => stream.once!('drain', resolve));
		},
		async flushed() {
			if (typeof stream.once !== 'function') return;
			await new Promise<void>(resolve => (stream.write as (chunk: string, done: () => void) => unknown)('', () => resolve()));
		},
	};
}
