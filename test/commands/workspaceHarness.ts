/**
 * Runs an `ohtui` workspace command in this process with stdout captured as bytes (a patch or a
 * file must come out exactly), stderr as text, and the environment a test gives.
 */
import {Readable} from 'node:stream';
import {parseArgs} from '../../source/config/flags.js';
import {runCommand} from '../../source/commands/main.js';

export type BytesRun = {code: number; out: Buffer; text: string; err: string};

export async function ohtuiBytes(argv: string[], options: {env: Record<string, string | undefined>; tty?: boolean; stdin?: Buffer; signal?: AbortSignal}): Promise<BytesRun> {
	const parsed = parseArgs(argv);
	if (parsed.command !== 'command') throw new Error(`not a command: ${argv.join(' ')}`);
	const chunks: Buffer[] = [];
	let err = '';
	const code = await runCommand(parsed.name, parsed.argv, {
		stdout: {write: (chunk: string | Buffer) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk)), isTTY: options.tty ?? false, columns: options.tty ? 100 : 0},
		stderr: {write: (text: string) => (err += text)},
		stdin: Readable.from(options.stdin ? [options.stdin] : []),
		env: options.env,
		now: Date.now,
		signal: options.signal ?? new AbortController().signal,
	});
	const out = Buffer.concat(chunks);
	return {code, out, text: out.toString('utf8'), err};
}
