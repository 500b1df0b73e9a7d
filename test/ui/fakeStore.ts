/** An in-memory Store for view tests: records every call, lets the test swap snapshots. */
import type {ListResourceName, PatchCopy, ResourceName, SaveResult, Store, StoreSnapshot} from '../../source/store/types.js';
import type {AppConversation, ConfirmationPolicy, NewConversation} from '../../source/api/schemas/index.js';
import type {AgentCommand} from '../../source/api/client.js';

export type Call = {method: keyof Store; args: unknown[]};

export class FakeStore implements Store {
	readonly calls: Call[] = [];
	private snap: StoreSnapshot;
	private readonly listeners = new Set<() => void>();

	constructor(initial: StoreSnapshot) {
		this.snap = initial;
	}

	/** replaces part of the snapshot (a new snapshot object) and notifies */
	set(patch: Partial<StoreSnapshot>): void {
		this.snap = {...this.snap, ...patch};
		for (const listener of this.listeners) listener();
	}

	/** notifies without changing anything (a poll that brought nothing new) */
	poke(): void {
		for (const listener of this.listeners) listener();
	}

	callsOf(method: keyof Store): unknown[][] {
		return this.calls.filter(c => c.method === method).map(c => c.args);
	}

	private record(method: keyof Store, ...args: unknown[]): void {
		this.calls.push({method, args});
	}

	subscribe = (listener: () => void) => {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	};
	getSnapshot = () => this.snap;
	start() {
		this.record('start');
	}
	dispose() {
		this.record('dispose');
	}
	setVisible(resource: ResourceName) {
		this.record('setVisible', resource);
		this.set({visible: resource});
	}
	refresh() {
		this.record('refresh');
	}
	loadMore(resource: ListResourceName) {
		this.record('loadMore', resource);
	}
	loadAll(resource: ListResourceName) {
		this.record('loadAll', resource);
	}
	/** as the store does: `loading` until the test sets the answer */
	readNow(resource: ResourceName) {
		this.record('readNow', resource);
		this.set({[resource]: {...this.snap[resource], loading: true}});
	}

	prefetch(resource: ResourceName) {
		this.record('prefetch', resource);
	}

	setViewport(resource: ListResourceName, first: number, last: number) {
		this.record('setViewport', resource, first, last);
	}
	pauseSandbox(id: string) {
		this.record('pauseSandbox', id);
	}
	resumeSandbox(id: string) {
		this.record('resumeSandbox', id);
	}
	startSandbox(specId?: string | null) {
		this.record('startSandbox', specId);
	}
	createConversation(request: NewConversation) {
		this.record('createConversation', request);
	}
	clearNotice() {
		this.record('clearNotice');
	}
	openActivity(conversationId: string) {
		this.record('openActivity', conversationId);
	}
	closeActivity() {
		this.record('closeActivity');
	}
	loadOlderEvents() {
		this.record('loadOlderEvents');
	}
	setFollow(on: boolean) {
		this.record('setFollow', on);
	}
	setActivityViewport(first: number, last: number) {
		this.record('setActivityViewport', first, last);
	}
	readWholeEvent(eventId: string | null) {
		this.record('readWholeEvent', eventId);
	}
	saveDraft(conversationId: string, text: string) {
		this.record('saveDraft', conversationId, text);
		// as the contract says: kept until the app quits, empty text removes it
		const {[conversationId]: _old, ...rest} = this.snap.drafts;
		this.set({drafts: text ? {...rest, [conversationId]: text} : rest});
	}
	sendMessage(conversationId: string, text: string, options?: {resumeFirst?: boolean}) {
		this.record('sendMessage', conversationId, text, options);
	}
	controlAgent(conversationId: string, command: AgentCommand, reason?: string) {
		this.record('controlAgent', conversationId, command, reason);
	}
	setConfirmationPolicy(conversationId: string, policy: ConfirmationPolicy) {
		this.record('setConfirmationPolicy', conversationId, policy);
	}
	openChanges(conversation: AppConversation) {
		this.record('openChanges', conversation.id);
	}
	closeChanges() {
		this.record('closeChanges');
	}
	refreshChanges() {
		this.record('refreshChanges');
	}

	openDiff(path: string | null) {
		this.record('openDiff', path);
	}
	runCommand(conversation: AppConversation, command: string) {
		this.record('runCommand', conversation.id, command);
	}
	openFiles(conversation: AppConversation) {
		this.record('openFiles', conversation.id);
	}
	closeFiles() {
		this.record('closeFiles');
	}
	openFile(path: string | null) {
		this.record('openFile', path);
	}
	/** what saves and copies answer (a test sets them) */
	saveAnswer: SaveResult = {kind: 'saved', path: 'x', bytes: 0, note: null};
	copyAnswer: PatchCopy = {kind: 'empty'};
	async saveFile(conversation: AppConversation, path: string, local: string, overwrite?: boolean) {
		this.record('saveFile', conversation.id, path, local, overwrite);
		return this.saveAnswer;
	}
	async savePatch(conversation: AppConversation, local: string, options?: {paths?: readonly string[]; overwrite?: boolean}) {
		this.record('savePatch', conversation.id, local, options);
		return this.saveAnswer;
	}
	async copyPatch(conversation: AppConversation, options?: {paths?: readonly string[]}) {
		this.record('copyPatch', conversation.id, options);
		return this.copyAnswer;
	}
	deleteConversation(id: string) {
		this.record('deleteConversation', id);
	}
	deleteSandbox(id: string) {
		this.record('deleteSandbox', id);
	}
	dismissAttention(key?: string) {
		this.record('dismissAttention', key);
	}
	watchGlimpses(ids: readonly string[], focus: string | null) {
		this.record('watchGlimpses', ids, focus);
	}
	askAgent(id: string) {
		this.record('askAgent', id);
	}
	conversationsInSandbox(sandboxId: string | null) {
		this.record('conversationsInSandbox', sandboxId);
	}
	reveal(resource: ListResourceName, id: string) {
		this.record('reveal', resource, id);
	}
}
