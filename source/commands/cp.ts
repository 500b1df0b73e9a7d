/**
 * `ohtui cp ID:PATH LOCAL` and `ohtui cp LOCAL ID:PATH` (issue 28 item 3): one file down or up,
 * byte for byte, like `kubectl cp`. A relative PATH is from the workspace folder (the working
 * directory, or the repository's folder in it); LOCAL may be a folder (the file keeps its name)
 * or `-` (standard output / input). Size and time go to stderr. An upload changes the workspace:
 * refused on a read-only profile.
 */
import {createReadStream, statSync} from 'node:fs';
import {basename} from 'node:path';
import {UsageError} from '../config/errors.js';
import {transferText} from '../present/transfer.js';
import {clean} from '../text/sanitize.js';
import type {Command, CommandContext} from './context.js';
import {CommandError, EXIT} from './exitCodes.js';
import {localTarget, writeLocal} from './localFile.js';
import {checkWritable} from './servers.js';
import {ID_OPTIONS, ID_USAGE} from './resolveId.js';
import {openWorkspaceOf} from './workspaceOpen.js';

const USAGE = `Usage: ohtui cp ID:PATH LOCAL [--force]    a file of the conversation's workspace, here
       ohtui cp LOCAL ID:PATH                a file from here into the workspace

${ID_USAGE}
  PATH               a file on the agent server: relative paths are from the workspace folder (its
                     working directory, or its repository's folder); ending in / keeps LOCAL's name
  LOCAL              a file or a folder here; - is standard output (down) or input (up)
  --force            overwrite LOCAL when it exists (the agent server always overwrites PATH)
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

Bytes are copied exactly (line endings, binary files). Uploads are refused on a read-only profile.
Exit: 0 copied, 1 the server said no, 2 usage (LOCAL exists, read-only), 3 unreachable, 4 not found.
`;

/** `3f2a91c0:src/app.py`, or `laptop:3f2a91c0:src/app.py` (a conversation on a named server). */
const REMOTE = /^((?:[^:/\s]+:)?[0-9a-fA-F][0-9a-fA-F-]*):(.*)$/s;

function remoteOf(arg: string): {id: string; path: string} | null {
	if (arg.startsWith('/') || arg.startsWith('./') || arg.startsWith('../')) return null;
	const m = REMOTE.exec(arg);
	return m ? {id: m[1]!, path: m[2]!} : null;
}

async function download(ctx: CommandContext, id: string, path: string, local: string): Promise<number> {
	if (path === '' || path.endsWith('/')) throw new UsageError('which file? (ohtui cp ID:PATH LOCAL)');
	const target = localTarget(local, basename(path), ctx.args.switches.has('force'), ctx.io.stdout);
	const {workspace} = await openWorkspaceOf(ctx, id);
	const started = performance.now();
	const file = await workspace.download(path, ctx.io.signal);
	const bytes = await writeLocal(target, file.body, ctx.io.stdout);
	const where = target.kind === 'file' ? target.path : 'standard output';
	ctx.warn(`${transferText(bytes, performance.now() - started)}: ${clean(workspace.resolve(path))} → ${clean(where)}`);
	return EXIT.ok;
}

async function* readStdin(stdin: NodeJS.ReadableStream): AsyncGenerator<Buffer> {
	for await (const chunk of stdin) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
}

async function upload(ctx: CommandContext, local: string, id: string, path: string): Promise<number> {
	let size: number | null = null;
	if (local !== '-') {
		const stat = (() => {
			try {
				return statSync(local);
			} catch {
				return null;
			}
		})();
		if (!stat) throw new CommandError(EXIT.usage, `${local}: no such file`);
		if (!stat.isFile()) throw new CommandError(EXIT.usage, `${local} is not a file (ohtui cp copies one file)`);
		size = stat.size;
	}
	const remote = path === '' || path.endsWith('/') ? `${path}${local === '-' ? 'stdin' : basename(local)}` : path;
	const {workspace} = await openWorkspaceOf(ctx, id, checkWritable);
	const started = performance.now();
	let sent = 0;
	const source = local === '-' ? readStdin(ctx.io.stdin) : createReadStream(local, {highWaterMark: 256 * 1024});
	async function* counted(): AsyncGenerator<Buffer> {
		for await (const chunk of source as AsyncIterable<Buffer>) {
			sent += chunk.length;
			yield chunk;
		}
	}
	await workspace.upload(remote, {contentType: 'application/octet-stream', length: size, body: counted()}, ctx.io.signal);
	ctx.warn(`${transferText(sent, performance.now() - started)}: ${clean(local === '-' ? 'standard input' : local)} → ${clean(workspace.resolve(remote))}`);
	return EXIT.ok;
}

export const cp: Command = {
	options: {force: {type: 'boolean'}, ...ID_OPTIONS},
	usage: USAGE,
	async run(ctx) {
		const [from, to, ...rest] = ctx.args.positionals;
		if (from === undefined || to === undefined || rest.length > 0) throw new UsageError('two arguments: ohtui cp ID:PATH LOCAL, or ohtui cp LOCAL ID:PATH');
		const down = remoteOf(from);
		const up = remoteOf(to);
		if (down && up) throw new UsageError('one side must be local (write ./ID:… for a local file whose name looks like a conversation)');
		if (down) return download(ctx, down.id, down.path, to);
		if (up) return upload(ctx, from, up.id, up.path);
		throw new UsageError('one side must be a conversation: ID:PATH');
	},
};
