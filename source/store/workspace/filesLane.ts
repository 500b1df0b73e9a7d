/**
 * The open file list of a conversation's workspace (issue 28 item 4, the app's `F`): the names
 * (./fileList.ts: git's list in a repository, else the folder's entries), read once when the view
 * opens, and one file read for the pager: its first FILE_VIEW_BYTES only (the rest is never
 * fetched: the stream is cancelled), with a NUL byte in its first 8,000 bytes taken for a binary
 * file, as git takes it. The text is kept as read; whoever draws it cleans and masks it.
 */
import type {AppConversation} from '../../api/schemas/index.js';
import type {FileStream} from '../../api/agent/workspace.js';
import type {Core} from '../core.js';
import {isAbort, oneLine, toErrorInfo} from '../oneLine.js';
import {maskSecrets} from '../../text/secrets.js';
import type {FilesState, FileView} from '../workspaceTypes.js';
import {listFiles} from './fileList.js';
import type {WorkspaceOpener} from './workspaceOpener.js';

/** What the pager shows of a file at most. */
export const FILE_VIEW_BYTES = 512 * 1024;
/** git's test for a binary file: a NUL byte in its first 8,000 bytes (xdiff's `buffer_is_binary`). */
const BINARY_PROBE = 8000;

type Run = {id: string; conversation: AppConversation; stop: AbortController};

/** The first `max` bytes of a stream, and whether that was all of it. */
export async function readStart(stream: FileStream, max: number): Promise<{bytes: Buffer; whole: boolean}> {
	const chunks: Buffer[] = [];
	let read = 0;
	try {
		for await (const chunk of stream.body) {
			chunks.push(chunk);
			read += chunk.length;
			if (read > max) break;
		}
	} finally {
		if (read > max) stream.cancel();
	}
	const bytes = Buffer.concat(chunks);
	return {bytes: bytes.subarray(0, max), whole: read <= max};
}

export function isBinary(bytes: Buffer): boolean {
	return bytes.subarray(0, BINARY_PROBE).includes(0);
}

export class FilesLane {
	private run: Run | null = null;
	private reading: AbortController | null = null;

	constructor(
		private readonly opener: WorkspaceOpener,
		private readonly core: Core,
	) {}

	open(conversation: AppConversation): void {
		this.close();
		const run: Run = {id: conversation.id, conversation, stop: new AbortController()};
		this.run = run;
		this.set({conversationId: conversation.id, folder: null, kind: null, files: null, truncated: false, loading: true, error: null, file: null});
		void this.load(run);
	}

	close(): void {
		this.run?.stop.abort();
		this.reading?.abort();
		this.run = null;
		this.reading = null;
		if (this.core.get().files) this.core.set({...this.core.get(), files: null});
	}

	/** Reads one file of the list into `files.file` (null closes it). */
	openFile(path: string | null): void {
		this.reading?.abort();
		this.reading = null;
		const run = this.run;
		if (!run || path === null) return void (this.current()?.file && this.patch({file: null}));
		const reading = new AbortController();
		this.reading = reading;
		this.patch({file: {path, loading: true, error: null, text: null, binary: false, size: null, truncated: false}});
		const done = (file: FileView) => {
			if (this.reading === reading && this.current()?.file?.path === path) this.patch({file});
		};
		void this.read(run, path, reading.signal).then(done, (error: unknown) => {
			if (reading.signal.aborted || isAbort(error)) return;
			done({path, loading: false, error: toErrorInfo(error, this.core.now()), text: null, binary: false, size: null, truncated: false});
		});
	}

	private async read(run: Run, path: string, signal: AbortSignal): Promise<FileView> {
		const workspace = await this.opener.open(run.conversation);
		const stream = await workspace.download(path, signal);
		const {bytes, whole} = await readStart(stream, FILE_VIEW_BYTES);
		const size = stream.size ?? (whole ? bytes.length : null);
		if (isBinary(bytes)) return {path, loading: false, error: null, text: null, binary: true, size, truncated: !whole};
		return {path, loading: false, error: null, text: new TextDecoder('utf-8').decode(bytes), binary: false, size, truncated: !whole};
	}

	private async load(run: Run): Promise<void> {
		try {
			const workspace = await this.opener.open(run.conversation);
			if (!this.live(run)) return;
			this.patch({folder: workspace.folder});
			const found = await listFiles(workspace, {signal: run.stop.signal});
			if (!this.live(run)) return;
			if (found.kind === 'failed') {
				const code = found.end.kind === 'exited' ? ` (exit ${found.end.code})` : found.end.kind === 'timed-out' ? ' (timed out)' : '';
				// the server's own words (the script's last line on stderr): one line, masked
				const message = `the file list failed${code}${found.message ? `: ${maskSecrets(oneLine(found.message))}` : ''}`;
				this.patch({loading: false, error: {kind: 'bad_response', message, at: this.core.now()}});
				return;
			}
			this.patch({kind: found.kind, files: found.files, truncated: found.truncated, loading: false});
		} catch (error) {
			if (!this.live(run) || isAbort(error)) return;
			this.patch({loading: false, error: toErrorInfo(error, this.core.now())});
		}
	}

	private live(run: Run): boolean {
		return this.run === run && !this.core.disposed;
	}

	private current(): FilesState | null {
		const state = this.core.get().files;
		return state && state.conversationId === this.run?.id ? state : null;
	}

	private set(state: FilesState): void {
		this.core.set({...this.core.get(), files: state});
	}

	private patch(fields: Partial<FilesState>): void {
		const state = this.current();
		if (state) this.set({...state, ...fields});
	}
}
