/**
 * `ohtui trajectory ID [-o FILE] [--force]` (issue 28 item 3): the conversation's events as its agent
 * server keeps them (`GET /api/file/download-trajectory/{id}`: a ZIP of its persisted files), to
 * standard output (refused when that is a terminal) or to a file; size and time on stderr.
 */
import {UsageError} from '../config/errors.js';
import {transferText} from '../present/transfer.js';
import {clean} from '../text/sanitize.js';
import type {Command} from './context.js';
import {CommandError, EXIT} from './exitCodes.js';
import {localTarget, writeLocal} from './localFile.js';
import {ID_OPTIONS, ID_USAGE} from './resolveId.js';
import {openWorkspaceOf} from './workspaceOpen.js';
import {NotAZip, zipChecked} from './zipBody.js';

const USAGE = `Usage: ohtui trajectory ID > events.zip
       ohtui trajectory ID --output FILE [--force]

${ID_USAGE}
  --output FILE      write the ZIP there (a folder: <id>.zip in it); --force overwrites it
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

The conversation's events as its agent server keeps them: a ZIP of its persisted files (state and
one JSON file per event), unmasked, exactly as stored.
Exit: 0 written, 1 the server said no, 2 usage, 3 unreachable, 4 not found.
`;

export const trajectory: Command = {
	options: {output: {type: 'string'}, force: {type: 'boolean'}, ...ID_OPTIONS},
	usage: USAGE,
	async run(ctx) {
		const [typed, ...rest] = ctx.args.positionals;
		if (typed === undefined) throw new UsageError('which conversation? (ohtui trajectory ID > events.zip)');
		if (rest.length > 0) throw new UsageError('one conversation at a time');
		const output = ctx.args.values['output'] ?? '-';
		// checked before any request: a terminal never gets the ZIP's bytes
		localTarget(output, 'trajectory.zip', ctx.args.switches.has('force'), ctx.io.stdout);
		const {conversation, workspace} = await openWorkspaceOf(ctx, typed);
		const target = localTarget(output, `${conversation.id.replaceAll('-', '')}.zip`, ctx.args.switches.has('force'), ctx.io.stdout);
		const started = performance.now();
		const file = await workspace.trajectory(ctx.io.signal);
		let bytes;
		try {
			bytes = await writeLocal(target, zipChecked(file.body), ctx.io.stdout);
		} catch (error) {
			if (error instanceof NotAZip) {
				file.cancel();
				throw new CommandError(EXIT.refused, error.message);
			}
			throw error;
		}
		ctx.warn(`${transferText(bytes, performance.now() - started)}: the trajectory of ${clean(conversation.id).slice(0, 8)} → ${clean(target.kind === 'file' ? target.path : 'standard output')}`);
		return EXIT.ok;
	},
};
