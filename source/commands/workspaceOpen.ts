/**
 * What the workspace commands (`diff`, `exec`, `cp`, `trajectory`: issue 28) share: the conversation
 * named on the command line and its workspace on its agent server (api/agent/workspace.ts), with
 * the sandbox's session key registered with the masking first (no output can show it), and a
 * writer that waits for a slow reader instead of holding what it has not taken.
 */
import type {Workspace} from '../api/agent/workspace.js';
import type {AppConversation} from '../api/schemas/index.js';
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
	const servers = await ctx.connect(WORKSPACE_TIMEOUTS);
	const {server, conversation} = await resolveConversation(servers, typed);
	check?.(server);
	registerKnownSecret(conversation.session_api_key);
	const workspace = await server.client.workspace(targetOf(conversation), {signal: ctx.io.signal});
	return {server, conversation, workspace};
}

type Stream = Out & {once?(event: 'drain', listener: () => void): unknown; writableNeedDrain?: boolean};

/** Bytes or text to a stream; `drain()` waits while the reader is behind (a pipe to a slow program). */
export function streamWriter(out: Out): {write(chunk: Buffer | string): void; drain(): Promise<void>} {
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
	};
}
