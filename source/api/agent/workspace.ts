/**
 * A conversation's workspace on its agent server (issue 28): one object for the commands (`ohtui
 * diff`, `exec`, `cp`, `trajectory`) and the app's workspace keys, over the agent server the
 * conversation lives on: the direct one with the user's key, or a sandbox's through
 * `conversation_url` with the sandbox's `session_api_key` (./agentServer.ts keeps its rules: no key
 * to a loopback address a remote server advertises, one transport per origin and key). Opening it
 * costs at most two requests (the version, once per origin; the working directory, when the list
 * did not give it); each operation is one route, chosen by that version.
 *
 * `folder` is where the conversation's files are: its working directory, or for an app server's
 * conversation with a repository the folder it was cloned into (`<working dir>/<name>`, where the
 * changes view looks too). Relative paths are from there.
 */
import {readAgentConversation, type AgentEndpoint, gitChanges, gitDiff} from './agentRoutes.js';
import {agentAbilities} from './agentServerInfo.js';
import {type CommandRequest, commandEvents, commandOutputs, type OutputPage, startCommand} from './workspaceBash.js';
import {archivePatch, downloadFile, downloadTrajectory, type FileStream, type PatchStream, uploadFile} from './workspaceFiles.js';
import type {BashCommand, BashSocket, BashSocketHandlers} from './workspaceBash.js';
import type {AgentTarget, CallOptions, ClientOptions, GitChange, GitDiff} from '../types.js';
import {makeError} from '../errorText.js';
import type {Upload} from '../transport/http.js';

export type {BashCommand, BashSocket, BashSocketHandlers, CommandRequest, FileStream, OutputPage, PatchStream, Upload};
export type {BashOutput} from './workspaceBash.js';

export type Workspace = {
	/** the agent server's host:port, for messages */
	readonly where: string;
	/** its SDK version (`/server_info`); null when it does not say */
	readonly version: string | null;
	/** the conversation's working directory as its agent server reports it */
	readonly workingDir: string;
	/** where its files are (the working directory, or the repository's folder in it) */
	readonly folder: string;
	/** `path` made absolute: relative paths are from `folder` */
	resolve(path: string): string;
	/** `GET /api/git/changes` of `folder`, against `ref` where given */
	changes(ref?: string | null, options?: CallOptions): Promise<GitChange[]>;
	/** one file's whole texts (`GET /api/git/diff`), as the server makes them (not the bytes) */
	texts(path: string, options?: CallOptions): Promise<GitDiff>;
	/** the git patch of `folder` against `ref` (`GET /api/file/archive`); null: this server has no such route */
	patch(ref: string | null, signal?: AbortSignal): Promise<PatchStream | null>;
	/** a file's exact bytes */
	download(path: string, signal?: AbortSignal): Promise<FileStream>;
	/** writes a file (parents made, an existing one overwritten) */
	upload(path: string, upload: Upload, signal?: AbortSignal): Promise<void>;
	/** the conversation's events as the server keeps them: a ZIP */
	trajectory(signal?: AbortSignal): Promise<FileStream>;
	/** starts a command (in `folder` unless `cwd` says otherwise); its output comes by `outputs` or `events` */
	start(request: {command: string; cwd?: string | null; timeoutS: number}, signal?: AbortSignal): Promise<BashCommand>;
	/** a page of one command's outputs, from `since` (a timestamp the server gave) */
	outputs(commandId: string, since: string | null, pageId: string | null, signal?: AbortSignal): Promise<OutputPage>;
	/** the server's bash events socket (every command's outputs: keep your own) */
	events(handlers: BashSocketHandlers): Promise<BashSocket>;
};

/** `<dir>/<path>`; an absolute path stays as it is; `.` segments go. */
export function joinPath(dir: string, path: string): string {
	if (path.startsWith('/')) return path;
	const rest = path.replace(/^(\.\/)+/, '');
	if (rest === '' || rest === '.') return dir;
	return `${dir.replace(/\/+$/, '')}/${rest}`;
}

export async function openWorkspace(ep: AgentEndpoint, version: Promise<string | null>, target: AgentTarget, clientOptions: ClientOptions, options?: CallOptions): Promise<Workspace> {
	const [found, reported] = await Promise.all([
		version,
		target.working_dir ? Promise.resolve(target.working_dir) : readAgentConversation(ep, options).then(c => c.working_dir ?? null),
	]);
	if (!reported) {
		throw makeError({operation: 'workspace', host: ep.where, apiKey: ep.key || null}, {kind: 'unsupported', message: 'the agent server reports no working directory for this conversation'});
	}
	const name = target.repository?.split('/').filter(Boolean).at(-1);
	const folder = name ? joinPath(reported, name) : reported;
	const gitQuery = agentAbilities(found).gitQuery;
	const resolve = (path: string) => joinPath(folder, path);
	const run: CommandRequest = {command: '', cwd: null, timeoutS: 300};
	return {
		where: ep.where,
		version: found,
		workingDir: reported,
		folder,
		resolve,
		changes: (ref, callOptions) => gitChanges(ep, folder, gitQuery, callOptions, ref),
		texts: (path, callOptions) => gitDiff(ep, resolve(path), gitQuery, callOptions),
		patch: (ref, signal) => archivePatch(ep, folder, ref, found, signal),
		download: (path, signal) => downloadFile(ep, resolve(path), found, signal),
		upload: (path, upload, signal) => uploadFile(ep, resolve(path), upload, found, signal),
		trajectory: signal => downloadTrajectory(ep, target.id, signal),
		start: (request, signal) => startCommand(ep, {...run, ...request, cwd: request.cwd ?? folder}, signal),
		outputs: (commandId, since, pageId, signal) => commandOutputs(ep, commandId, since, pageId, signal),
		events: handlers => commandEvents(ep, found, clientOptions, handlers),
	};
}
