/**
 * The workspace's patch for the app's keys (issue 28 item 4): `w` writes it (one file or all) to a
 * local file, `y` copies it (OSC 52 takes a bounded size, so it is held only up to `maxBytes`).
 * Both are the patch `ohtui diff` writes into a pipe: byte for byte, what `git apply` takes
 * (./patchStream.ts); `streamed` says where it came from and what it leaves out, for the message.
 */
import type {Workspace} from '../../api/agent/workspace.js';
import {byteQueue} from './byteQueue.js';
import {checkTarget, writeFileFrom} from './fileWrite.js';
import {type PatchView, streamPatch, type Streamed} from './patchStream.js';

export type PatchOptions = {ref?: string | null; paths?: readonly string[]; signal?: AbortSignal};

function rawView(write: (bytes: Buffer) => void): PatchView {
	return {preamble: write, section: section => write(section.head), body: write};
}

/**
 * The patch in memory, or null when it is larger than `maxBytes` (reading stops there; `bytes` says
 * how far it got, `streamed` is null then).
 */
export async function patchBytes(workspace: Workspace, maxBytes: number, options: PatchOptions = {}): Promise<{patch: Buffer | null; bytes: number; streamed: Streamed | null}> {
	const chunks: Buffer[] = [];
	let bytes = 0;
	const stop = new AbortController();
	const onAbort = () => stop.abort();
	options.signal?.addEventListener('abort', onAbort, {once: true});
	try {
		const streamed = await streamPatch(
			workspace,
			{ref: options.ref ?? null, paths: options.paths ?? [], signal: stop.signal},
			rawView(chunk => {
				bytes += chunk.length;
				if (bytes > maxBytes) stop.abort();
				else chunks.push(chunk);
			}),
		);
		return bytes > maxBytes ? {patch: null, bytes, streamed: null} : {patch: Buffer.concat(chunks), bytes, streamed};
	} catch (error) {
		// stopped here for its size, not by the caller
		if (bytes > maxBytes && !options.signal?.aborted) return {patch: null, bytes, streamed: null};
		throw error;
	} finally {
		options.signal?.removeEventListener('abort', onAbort);
	}
}

/** Writes the patch to `file` (never half; not over an existing file unless `overwrite`); its size. */
export async function savePatch(workspace: Workspace, file: string, options: PatchOptions & {overwrite?: boolean} = {}): Promise<{bytes: number; streamed: Streamed}> {
	checkTarget(file, options.overwrite);
	const queue = byteQueue();
	// a writer that fails (a full disk) stops the reading too
	const stop = new AbortController();
	const onAbort = () => stop.abort();
	options.signal?.addEventListener('abort', onAbort, {once: true});
	const streaming = streamPatch(workspace, {ref: options.ref ?? null, paths: options.paths ?? [], signal: stop.signal}, rawView(chunk => queue.push(chunk))).then(
		streamed => {
			// stopped midway: the writer must not take what came as the whole patch
			if (stop.signal.aborted) {
				const error = new Error('stopped');
				queue.fail(error);
				throw error;
			}
			queue.end();
			return streamed;
		},
		(error: unknown) => {
			queue.fail(error);
			throw error;
		},
	);
	// the writer ends when the queue does; a failure on either side is the one reported
	streaming.catch(() => {});
	try {
		const bytes = await writeFileFrom(file, queue.body, {overwrite: options.overwrite ?? false});
		return {bytes, streamed: await streaming};
	} catch (error) {
		stop.abort();
		throw error;
	} finally {
		options.signal?.removeEventListener('abort', onAbort);
	}
}
