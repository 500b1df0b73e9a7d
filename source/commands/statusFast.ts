/**
 * `ohtui status` answered from its cache, in one file: scripts/build.mjs bundles this module on its
 * own (no shared chunks) and the launcher (../bin.ts) imports it first for `ohtui status`, so a
 * status bar's call parses two small files instead of the entry and its two dozen chunks (Node's ES
 * module loader costs ~0.4 ms a file; test/bench/commands.bench.ts). What it does not answer (no
 * answer in the cache fresh enough, --fresh, --refresh-only, --help, a usage error) goes the ordinary
 * way, through the entry and status's chunk, which decides it all again with the same code
 * (./statusCached.ts); nothing is written before that.
 */
import {exit} from '../boot/exit.js';
import {parseArgs} from '../config/flags.js';
import {parseCommandArgs} from './args.js';
import {commandProcess, refreshDetached} from './commandProcess.js';
import {warnTo} from './output.js';
import {answerFromCache, planStatus, STATUS_OPTIONS, type StatusContext} from './statusCached.js';

/** `argv`: the whole command line after `ohtui`. True when it answered (the process is exiting). */
export function answeredFromCache(line: readonly string[]): boolean {
	let code: number | null;
	try {
		// as the entry reads it: global flags may stand before the command
		const parsed = parseArgs(line);
		if (parsed.command !== 'command' || parsed.name !== 'status') return false;
		const {argv} = parsed;
		const args = parseCommandArgs(argv, STATUS_OPTIONS);
		if (args === 'help') return false;
		const io = {stdout: process.stdout, env: process.env, now: Date.now, refresh: refreshDetached};
		const ctx: StatusContext = {args, argv, io, warn: warnTo('status', process.stderr)};
		code = answerFromCache(ctx, planStatus(ctx));
	} catch {
		return false;
	}
	if (code === null) return false;
	// what runCommandInProcess sets up, for the time the line takes to leave; a failed write's error
	// comes on the next tick, so it is still heard here
	commandProcess('status');
	exit(code);
	return true;
}
