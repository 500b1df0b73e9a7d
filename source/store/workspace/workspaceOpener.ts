/**
 * The app's door to a conversation's workspace (issue 28 item 4): `client.workspace(targetOf(c))`,
 * opened once per conversation and kept while its address and key stay the same (a sandbox
 * resumed elsewhere gets a new one), and wrapped so that every request it makes goes through the
 * store's budget and ends with the store (`dispose` aborts it): starting a command and the file
 * and patch routes at action priority, the searches that follow a command's output at watch
 * priority, behind what the user waits for. The bash events socket is a socket, not a request.
 */
import type {Workspace} from '../../api/agent/workspace.js';
import type {OpenHandsClient} from '../../api/client.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {targetOf} from '../actions/agentTarget.js';
import {PRIORITY, type Priority} from '../budget.js';
import type {Core} from '../core.js';

/** Workspaces kept open (each is two small values and closures; a new one costs up to two requests). */
const KEEP = 16;

type Held = {key: string; workspace: Promise<Workspace>};

function both(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
	if (!a || !b) return a ?? b;
	return AbortSignal.any([a, b]);
}

export class WorkspaceOpener {
	private readonly held = new Map<string, Held>();

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
	) {}

	open(conversation: AppConversation): Promise<Workspace> {
		const target = targetOf(conversation);
		const key = JSON.stringify([target.conversation_url, target.session_api_key, target.working_dir, target.repository]);
		const known = this.held.get(conversation.id);
		if (known?.key === key) return known.workspace;
		const workspace = this.core.send(PRIORITY.action, options => this.client.workspace(target, options)).then(opened => this.budgeted(opened));
		const entry = {key, workspace};
		this.held.delete(conversation.id);
		this.held.set(conversation.id, entry);
		for (const id of this.held.keys()) {
			if (this.held.size <= KEEP) break;
			this.held.delete(id);
		}
		// a failure is not kept: the next key press asks again
		workspace.catch(() => {
			if (this.held.get(conversation.id) === entry) this.held.delete(conversation.id);
		});
		return workspace;
	}

	private budgeted(workspace: Workspace): Workspace {
		const via = <T>(priority: Priority, signal: AbortSignal | undefined, call: (signal: AbortSignal | undefined) => Promise<T>) =>
			this.core.send(priority, options => call(both(options.signal, signal)));
		return {
			...workspace,
			patch: (ref, signal) => via(PRIORITY.action, signal, s => workspace.patch(ref, s)),
			download: (path, signal) => via(PRIORITY.action, signal, s => workspace.download(path, s)),
			upload: (path, upload, signal) => via(PRIORITY.action, signal, s => workspace.upload(path, upload, s)),
			start: (request, signal) => via(PRIORITY.action, signal, s => workspace.start(request, s)),
			outputs: (commandId, since, pageId, signal) => via(PRIORITY.watch, signal, s => workspace.outputs(commandId, since, pageId, s)),
		};
	}
}
