/**
 * `ohtui diff ID [PATH...] [--stat] [--ref REF] [--color WHEN]` (issue 28 item 1): the workspace's
 * changes as one patch that `git apply` takes, streamed as it comes (store/workspace/patchStream.ts:
 * the agent server's own patch, else git through its bash route, else the added files alone).
 *
 * Into a pipe or a file the patch goes byte for byte (CR bytes, binary literals, `\ No newline`
 * markers: what makes it apply); masking would change what it applies, so it is not masked: it is
 * the user's own workspace, like a file `cp` copies. To a terminal it is for reading: coloured as
 * git colours it, every line cleaned and masked like any server text, binary files named only.
 */
import {UsageError} from '../config/errors.js';
import {statLines} from '../present/diffStat.js';
import {coloursWanted, type Sgr, sgr} from '../terminal/sgr.js';
import {BEGIN_KEY, safeOutputLine} from '../text/outputStream.js';
import {MASK} from '../text/secretShapes.js';
import {clean} from '../text/sanitize.js';
import {NotAPatch, type Section} from '../store/workspace/patchReader.js';
import {PatchRefused} from '../store/workspace/patchSource.js';
import {PatchStat} from '../store/workspace/patchStat.js';
import {type PatchView, streamPatch} from '../store/workspace/patchStream.js';
import {choice} from './args.js';
import type {Command} from './context.js';
import {CommandError, EXIT} from './exitCodes.js';
import {terminalWidth} from './output.js';
import {ID_OPTIONS, ID_USAGE} from './resolveId.js';
import {openWorkspaceOf, streamWriter} from './workspaceOpen.js';

const USAGE = `Usage: ohtui diff ID [PATH...] [options]

${ID_USAGE}
  PATH...            only these files, or the files under these folders (as ohtui diff --stat names them)
  --stat             the git diff --stat summary instead of the patch
  --ref REF          compare with REF on the agent server (default: the branch on origin, else HEAD)
  --color WHEN       auto (default: to a terminal), always, never
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

The patch applies with git apply in a checkout of the same repository:
  ohtui diff 3f2a91c0 | git apply
Into a pipe or a file it is written byte for byte (binary files as git binary patches); to a
terminal it is coloured, cleaned and masked, and binary files are only named.
Exit: 0 written, 1 the server said no or the patch leaves files out (named on stderr: files it could
not take exactly, or paths that would leave the checkout), 2 usage,
3 unreachable, 4 not found.
`;

const HUNK = /^(@@ [^@]* @@)(.*)$/s;

/** A patch for reading: git's colours, each line cleaned and masked, binary data left out. */
function terminalView(write: (text: string) => void, colours: boolean): PatchView {
	const paint = (text: string, style: Sgr | null) => (colours && style ? sgr(text, style) : text);
	let binary = false;
	let style: Sgr | null = null;
	let marker = '';
	/** the label of the private key whose block the lines are in, and whether this line's pieces are left out */
	let key: string | null = null;
	let dropping = false;
	return {
		section(section: Section) {
			binary = section.binary;
			key = null;
			const lines = section.head.toString('utf8').split('\n');
			if (lines.at(-1) === '') lines.pop();
			for (const line of lines) write(`${paint(safeOutputLine(line), 'bold')}\n`);
			if (binary) {
				const from = section.oldPath === null ? '/dev/null' : `a/${section.oldPath}`;
				const to = section.newPath === null ? '/dev/null' : `b/${section.newPath}`;
				write(`Binary files ${clean(from)} and ${clean(to)} differ\n`);
			}
		},
		body(bytes, first) {
			if (binary) return;
			const raw = bytes.toString('utf8');
			const ends = raw.endsWith('\n');
			const text = ends ? raw.slice(0, -1) : raw;
			if (first) {
				style = text.startsWith('+') ? 'green' : text.startsWith('-') ? 'red' : text.startsWith('@@') ? 'cyan' : null;
				// a line's mark stays ahead of its cleaning: a carriage return inside the line kept only its
				// last state, and the + or - went with what came before it
				marker = style === 'cyan' ? '' : /^[+\- ]/.exec(text)?.[0] ?? '';
				dropping = false;
				const content = text.slice(marker.length);
				if (key !== null && style !== 'cyan') {
					// inside a private key's block, every line is the key's until its END line
					dropping = true;
					if (content.includes(`-----END ${key}-----`)) write(`${paint(`${marker}-----END ${key}-----`, style)}\n`);
					else return;
					key = null;
					return;
				}
				key = null;
				const begin = BEGIN_KEY.exec(content);
				if (begin && !content.includes(`-----END ${begin[1]}-----`)) {
					// masked as a whole across its lines, as the pager and exec mask it (its body lines, judged
					// one by one, do not all look secret)
					key = begin[1]!;
					dropping = true;
					write(`${paint(`${marker}${safeOutputLine(content.slice(0, begin.index))}-----BEGIN ${key}----- ${MASK}`, style)}\n`);
					return;
				}
			} else if (dropping) return;
			const hunk = first && style === 'cyan' ? HUNK.exec(text) : null;
			const rest = first ? text.slice(marker.length) : text;
			const shown = hunk ? `${paint(hunk[1]!, 'cyan')}${safeOutputLine(hunk[2]!)}` : paint(`${first ? marker : ''}${safeOutputLine(rest)}`, style);
			write(`${shown}${ends ? '\n' : ''}`);
		},
	};
}

function rawView(write: (chunk: Buffer) => void): PatchView {
	return {preamble: write, section: section => write(section.head), body: write};
}

export const diff: Command = {
	options: {stat: {type: 'boolean'}, ref: {type: 'string'}, color: {type: 'string'}, ...ID_OPTIONS},
	usage: USAGE,
	async run(ctx) {
		const [typed, ...paths] = ctx.args.positionals;
		if (typed === undefined) throw new UsageError('which conversation? (ohtui diff ID)');
		const ref = ctx.args.values['ref'] ?? null;
		if (ref !== null && (ref.startsWith('-') || /[\s\0]/.test(ref))) throw new UsageError('--ref: expected a git ref');
		const colours = coloursWanted(choice(ctx.args.values, 'color', ['auto', 'always', 'never'] as const) ?? 'auto', ctx.io.stdout, ctx.io.env);
		const stat = ctx.args.switches.has('stat');
		const {workspace} = await openWorkspaceOf(ctx, typed);
		const out = streamWriter(ctx.io.stdout);
		const counter = new PatchStat();
		const view: PatchView = stat ? counter : ctx.io.stdout.isTTY || colours ? terminalView(text => out.write(text), colours) : rawView(chunk => out.write(chunk));
		let streamed;
		try {
			streamed = await streamPatch(workspace, {ref, paths, signal: ctx.io.signal, drain: () => out.drain()}, view);
		} catch (error) {
			if (error instanceof PatchRefused || error instanceof NotAPatch) throw new CommandError(EXIT.refused, error.message);
			throw error;
		}
		if (stat) {
			const paint = (text: string, style: 'green' | 'red') => (colours ? sgr(text, style) : text);
			for (const line of statLines(counter.files, terminalWidth(ctx.io), paint)) out.write(`${line}\n`);
		}
		await out.drain();
		await out.flushed();
		if (streamed.from === 'git') ctx.warn(`the agent server at ${workspace.where} (${workspace.version ?? 'version unknown'}) has no patch route: the patch is git's, run through its bash route`);
		if (streamed.unmatched.length > 0) ctx.warn(`no change at ${streamed.unmatched.map(p => clean(p)).join(', ')}`);
		if (streamed.unsafe.length > 0) {
			// a path that could leave the checkout is not the workspace's change: its section was not written
			ctx.warn(`left out of the patch, paths that would leave the checkout: ${streamed.unsafe.map(u => `${JSON.stringify(clean(u.path))} (${u.why})`).join(', ')}`);
		}
		if (streamed.from === 'added-only' && streamed.left.length > 0) {
			ctx.warn(`the patch holds only the added files: ${clean(streamed.why ?? 'the agent server gave no patch')}`);
			ctx.warn(
				`left out, since the agent server sends their original text without its line endings, leading blank lines or final newline (a patch made from it could apply wrongly): ${streamed.left.map(p => clean(p)).join(', ')}`,
			);
		}
		return streamed.unsafe.length > 0 || (streamed.from === 'added-only' && streamed.left.length > 0) ? EXIT.refused : EXIT.ok;
	},
};
