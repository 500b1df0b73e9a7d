/**
 * A conversation's workspace changes (issue 16 §1): the changed files of its working directory on
 * its agent server (the direct one, or a sandbox's reached through `conversation_url`), each
 * file's +/- counts, and one file's unified diff for the pager.
 *
 * - Opening reads the list (one request), then the diffs of the first MAX_COUNTED files one after
 *   another at watch priority, for their counts; the view's Enter asks a file's diff at once at
 *   page priority (ahead of the counts at the budget), so at most two are on the wire.
 * - Diffs are computed here (./diffText.ts, bounded work) and kept as text, up to KEEP_CHARS in
 *   all, so Enter on a counted file costs no request; the raw texts are not kept.
 * - Nothing polls: the list is read when the view opens, and again on `refresh` (Ctrl-r, issue 26
 *   item 9: a file stayed at +2 while git had +3), which forgets the diffs kept and reads the list,
 *   the counts and the diff on screen anew while the old ones stay shown.
 */
import type {AgentTarget, OpenHandsClient} from '../../api/client.js';
import {targetOf} from '../actions/agentTarget.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {PRIORITY, type Priority} from '../budget.js';
import type {Core} from '../core.js';
import type {FileDiff} from './diffText.js';
import {isAbort, toErrorInfo} from '../oneLine.js';
import type {ChangedFile, ChangesState} from '../types.js';

/** Files whose counts are read when the view opens (each is a request). */
export const MAX_COUNTED = 40;
const DELETED_NOTE = 'deleted in the working tree: the agent server has no diff of a file that is gone';

/** Diff text kept in memory, in characters. */
const KEEP_CHARS = 4_000_000;

type Run = {conversation: AppConversation; target: AgentTarget; workingDir: string | null; queue: Promise<void>};

export class Changes {
	private run: Run | null = null;
	private readonly kept = new Map<string, FileDiff>();
	private keptChars = 0;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
	) {}

	open(conversation: AppConversation): void {
		this.close();
		const run: Run = {conversation, target: targetOf(conversation), workingDir: null, queue: Promise.resolve()};
		this.run = run;
		this.set({conversationId: conversation.id, workingDir: conversation.working_dir ?? null, files: null, loading: true, error: null, none: null, diff: null});
		this.enqueue(run, () => this.load(run));
	}

	/** Reads the open changes again: the list, the counts, and the diff on screen if one is. */
	refresh(): void {
		const old = this.run;
		const state = this.current();
		if (!old || !state) return;
		// a new run: what the old one still has on the wire is dropped when it answers
		const run: Run = {...old, queue: Promise.resolve()};
		this.run = run;
		this.kept.clear();
		this.keptChars = 0;
		this.patch({loading: true, error: null});
		const open = state.diff?.path;
		this.enqueue(run, async () => {
			await this.load(run);
			if (open && this.current()?.diff?.path === open) this.openDiff(open, true);
		});
	}

	close(): void {
		this.run = null;
		this.kept.clear();
		this.keptChars = 0;
		if (this.core.get().changes) this.core.set({...this.core.get(), changes: null});
	}

	/** `again`: read anew for a refresh, the text on screen staying until the new one comes */
	openDiff(path: string, again = false): void {
		const run = this.run;
		if (!run || !run.workingDir) return;
		const kept = this.kept.get(path);
		if (kept) return this.patch({diff: {path, loading: false, error: null, text: kept.text, note: kept.note}});
		if (this.isDeleted(path)) return this.patch({diff: {path, loading: false, error: null, text: '', note: DELETED_NOTE}});
		if (!again) this.patch({diff: {path, loading: true, error: null, text: null, note: null}});
		void this.fetchDiff(run, path, PRIORITY.page).then(
			diff => {
				if (this.current()?.diff?.path === path) this.patch({diff: {path, loading: false, error: null, text: diff.text, note: diff.note}});
			},
			(error: unknown) => {
				if (!this.live(run) || isAbort(error)) return;
				if (this.current()?.diff?.path === path) this.patch({diff: {path, loading: false, error: toErrorInfo(error, this.core.now()), text: null, note: null}});
			},
		);
	}

	closeDiff(): void {
		if (this.current()?.diff) this.patch({diff: null});
	}

	private async load(run: Run): Promise<void> {
		try {
			const found = await this.core.send(PRIORITY.page, o => this.client.gitChanges(run.target, o));
			if (!this.live(run)) return;
			run.workingDir = found.workingDir;
			// read again (Ctrl-r): a file's old counts stay until its new ones come
			const before = new Map((this.current()?.files ?? []).map(f => [f.path, f]));
			const files: ChangedFile[] = found.files.map(f => ({path: f.path, status: f.status, added: before.get(f.path)?.added ?? null, removed: before.get(f.path)?.removed ?? null}));
			this.patch({workingDir: found.workingDir, files, loading: false, none: files.length === 0 ? noneText(run.conversation, found.workingDir) : null});
			for (const file of files.slice(0, MAX_COUNTED)) this.enqueue(run, () => this.count(run, file.path));
		} catch (error) {
			if (!this.live(run) || isAbort(error)) return;
			this.patch({loading: false, error: toErrorInfo(error, this.core.now())});
		}
	}

	private async count(run: Run, path: string): Promise<void> {
		if (this.kept.has(path) || this.isDeleted(path)) return;
		try {
			const diff = await this.fetchDiff(run, path, PRIORITY.watch);
			if (!this.live(run)) return;
			const files = this.current()?.files?.map(f => (f.path === path ? {...f, added: diff.added, removed: diff.removed} : f));
			if (files) this.patch({files});
		} catch {
			// the count stays unknown ("?"); Enter asks again and says why it failed
		}
	}

	private async fetchDiff(run: Run, path: string, priority: Priority): Promise<FileDiff> {
		const workingDir = run.workingDir!;
		const diff = await this.core.send(priority, async o => {
			// loaded with the first diff, beside its request: jsdiff stays out of the first frame's bundle
			const [texts, {unifiedDiff}] = await Promise.all([this.client.gitDiff(run.target, workingDir, path, o), import('./diffText.js')]);
			return unifiedDiff(path, texts.original, texts.modified);
		});
		if (this.live(run)) this.keep(path, diff);
		return diff;
	}

	private keep(path: string, diff: FileDiff): void {
		if (this.kept.has(path) || diff.text.length > KEEP_CHARS) return;
		this.kept.set(path, diff);
		this.keptChars += diff.text.length;
		for (const [oldest, old] of this.kept) {
			if (this.keptChars <= KEEP_CHARS) break;
			this.kept.delete(oldest);
			this.keptChars -= old.text.length;
		}
	}

	/** the list, then the counts, one after another */
	private enqueue(run: Run, job: () => Promise<void>): void {
		run.queue = run.queue.then(() => (this.live(run) ? job() : undefined)).catch(() => {});
	}

	/**
	 * The agent server reads a file's diff from the file on disk: a deleted file is its
	 * `GitPathError`, a 400 (agent-server 1.43.1, as the stand-in has it from a real run), so no
	 * request is made for one: the view says what is known.
	 */
	private isDeleted(path: string): boolean {
		return this.current()?.files?.find(f => f.path === path)?.status === 'DELETED';
	}

	private live(run: Run): boolean {
		return this.run === run && !this.core.disposed;
	}

	private current(): ChangesState | null {
		const state = this.core.get().changes;
		return state && state.conversationId === this.run?.conversation.id ? state : null;
	}

	private set(state: ChangesState): void {
		this.core.set({...this.core.get(), changes: state});
	}

	private patch(fields: Partial<ChangesState>): void {
		const state = this.current();
		if (state) this.set({...state, ...fields});
	}
}

/** What an empty list means: no repository here, or no changes in it. */
function noneText(conversation: AppConversation, workingDir: string): string {
	if (conversation.sandbox_id && !conversation.selected_repository) return `this conversation has no repository: no changes to show in ${workingDir}`;
	if (conversation.selected_repository) return `no changes in ${conversation.selected_repository}`;
	return `no changes in ${workingDir} (or it is not a git repository)`;
}
