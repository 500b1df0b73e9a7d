/**
 * `ohtui status` answered from its cache, in one file: scripts/build.mjs bundles this module on its
 * own (no shared chunks) and the launcher (../bin.ts) imports it first for `ohtui status`, so a
 * status bar's call parses two small files instead of the entry and its two dozen chunks (Node's ES
 * module loader costs ~0.4 ms a file; test/bench/commands.bench.ts). What it does not answer (no
 * answer in the cache fresh enough, --fresh, --refresh-only, --help, a usage error) goes the ordinary
 * way, through the entry and status's chunk, which decides it all again with the same code
 * (./statusCached.ts); nothing is written before that.
 */
import {writeSync} from 'node:fs';
import {exit, outputFailed} from '../boot/exit.js';
import {parseArgs} from '../config/flags.js';
import {parseCommandArgs} from './args.js';
import {commandProcess, refreshDetached} from './commandProcess.js';
import {warnTo} from './output.js';
import {answerFromCache, planStatus, STATUS_OPTIONS, type StatusContext} from './statusCached.js';

/**
 * stdout written with write(2) itself, not through process.stdout: for a pipe (a status bar reads
 * one) that stream is a socket whose making loads Node's net and streams, a sixth of a status run
 * (issue 29 item 4). Written whole or not at all: what a write could not take (a non-blocking pipe
 * that is full) waits for the stream, as before; an error is kept for the exit.
 */
function directOutput(): {write(text: string): boolean; error: NodeJS.ErrnoException | null; rest: string} {
	const out = {
		error: null as NodeJS.ErrnoException | null,
		rest: '',
		write(text: string): boolean {
			if (out.error !== null || out.rest !== '') {
				out.rest += text;
				return true;
			}

			const bytes = Buffer.from(text);
			let done = 0;
			try {
				while (done < bytes.length) done += writeSync(1, bytes, done);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'EAGAIN') out.rest = bytes.subarray(done).toString();
				else out.error = error as NodeJS.ErrnoException;
			}

			return true;
		},
	};
	return out;
}

/** `argv`: the whole command line after `ohtui`. True when it answered (the process is exiting). */
export function answeredFromCache(line: readonly string[]): boolean {
	let code: number | null;
	const stdout = directOutput();
	try {
		// as the entry reads it: global flags may stand before the command
		const parsed = parseArgs(line);
		if (parsed.command !== 'command' || parsed.name !== 'status') return false;
		const {argv} = parsed;
		const args = parseCommandArgs(argv, STATUS_OPTIONS);
		if (args === 'help') return false;
		const io = {stdout, env: process.env, now: Date.now, refresh: refreshDetached};
		// process.stderr only when there is something to say: making the stream costs a status run ~8 %
		const ctx: StatusContext = {args, argv, io, warn: text => warnTo('status', process.stderr)(text)};
		code = answerFromCache(ctx, planStatus(ctx));
	} catch {
		return false;
	}
	if (code === null) return false;
	if (stdout.error !== null) {
		process.exit(outputFailed('ohtui status', stdout.error));
	} else if (stdout.rest === '') {
		// all written: nothing waits for the stream, nothing to tidy
		process.exit(code);
	} else {
		// what runCommandInProcess sets up, for the time the rest takes to leave
		commandProcess('status');
		process.stdout.write(stdout.rest);
		exit(code);
	}
	return true;
}
