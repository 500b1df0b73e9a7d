/**
 * A message given as an argument, or `-` for standard input (read to its end, as `gh` and `git
 * commit -F -` do). A closed or empty standard input is a usage error, not an empty message sent.
 */
import {UsageError} from '../config/errors.js';

/** More than any message a person or a script means to send in one go. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export async function readAll(stdin: NodeJS.ReadableStream): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const done = (error?: Error) => {
			stdin.removeListener('data', onData);
			stdin.removeListener('end', onEnd);
			stdin.removeListener('error', onError);
			stdin.pause();
			if (error) reject(error);
			else resolve(Buffer.concat(chunks).toString('utf8'));
		};
		const onData = (chunk: Buffer | string) => {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += buffer.length;
			if (size > MAX_MESSAGE_BYTES) return done(new UsageError(`standard input holds more than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB: not sent`));
			chunks.push(buffer);
		};
		const onEnd = () => done();
		// EBADF and friends: `ohtui send ID - <&-`
		const onError = () => done(new UsageError('standard input is closed: nothing to send'));
		stdin.on('data', onData);
		stdin.once('end', onEnd);
		stdin.once('error', onError);
		stdin.resume();
	});
}

/** The message: the argument, or standard input for `-`; never empty. */
export async function messageText(argument: string | undefined, stdin: NodeJS.ReadableStream, what = 'message'): Promise<string> {
	if (argument === undefined) throw new UsageError(`no ${what} (give it as an argument, or - to read standard input)`);
	let text = argument;
	if (argument === '-') {
		try {
			text = await readAll(stdin);
		} catch (error) {
			throw error instanceof UsageError ? error : new UsageError('standard input is closed: nothing to send');
		}
	}
	if (text.trim() === '') throw new UsageError(`nothing to send: the ${what} is empty`);
	return text.replace(/\r?\n$/, '');
}
