/**
 * A workspace's patch, read as it streams and handed to a view section by section (issue 28): the
 * whole of it, or the sections the paths ask for. `ohtui diff` writes it as it comes (raw into a
 * pipe, coloured to a terminal, or as `--stat`); the app's `w` and `y` (issue 28 item 4) take the
 * same stream into a file or the clipboard. Where it comes from: ./patchSource.ts.
 */
import type {Workspace} from '../../api/agent/workspace.js';
import {type PatchFrom, openPatch} from './patchSource.js';
import {firstUnsafe} from './patchPaths.js';
import {NotAPatch, PatchReader, type Section} from './patchReader.js';
import {selectPaths} from './patchSelect.js';

export type PatchView = {
	/** lines before the first section (none from git; kept only when no path narrows the patch) */
	preamble?(bytes: Buffer): void;
	section(section: Section): void;
	/** the section's body: a line with its `\n`, or a piece of a long one (`first`: its start) */
	body(bytes: Buffer, first: boolean): void;
};

export type Streamed = {
	from: PatchFrom;
	/** the commit the patch applies on, when the server said */
	base: string | null;
	/** sections handed to the view */
	files: number;
	/** the paths asked for that no section matched */
	unmatched: string[];
	/** sections left out because a path they name could leave the checkout (./patchPaths.ts): the path and why */
	unsafe: {path: string; why: string}[];
	/** changed files the patch leaves out (the last resort: ./patchSource.ts), and why */
	left: string[];
	why: string | null;
};

export type StreamOptions = {
	ref: string | null;
	paths?: readonly string[];
	signal?: AbortSignal;
	/** awaited after each chunk: the writer's backpressure (a pipe that reads slowly) */
	drain?: () => Promise<void> | void;
};

export async function streamPatch(workspace: Workspace, options: StreamOptions, view: PatchView): Promise<Streamed> {
	const source = await openPatch(workspace, options.ref, options.signal);
	const select = selectPaths(options.paths ?? []);
	let keep = false;
	let files = 0;
	const unsafe: {path: string; why: string}[] = [];
	const reader = new PatchReader({
		preamble: bytes => {
			// git's patch starts with its first section: text before it is something else answering for
			// the route (a proxy's web page, a JSON error with a 200), never to be written as a patch
			if (bytes.toString('utf8').trim() === '') return;
			throw new NotAPatch(`the agent server's answer is not a git patch (it starts: ${JSON.stringify(bytes.subarray(0, 60).toString('utf8').trim())})`);
		},
		section: section => {
			const outside = firstUnsafe(section.names);
			if (outside) {
				keep = false;
				unsafe.push(outside);
				return;
			}
			keep = !select || select(section);
			if (!keep) return;
			files++;
			view.section(section);
		},
		body: (bytes, first) => {
			if (keep) view.body(bytes, first);
		},
	});
	let done = false;
	try {
		for await (const chunk of source.body) {
			if (options.signal?.aborted) break;
			reader.push(chunk);
			await options.drain?.();
		}
		reader.end();
		done = true;
	} finally {
		// stopped, or refused midway: the rest of the answer is not wanted
		if (options.signal?.aborted || !done) source.cancel();
	}
	return {from: source.from, base: source.base, files, unmatched: select?.unmatched() ?? [], unsafe, left: source.left, why: source.why};
}
