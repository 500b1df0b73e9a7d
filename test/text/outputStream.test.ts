// A command's output made safe to print as it streams (text/outputStream.ts): escape sequences and
// controls gone, tabs kept, secrets masked with the spacing kept, a private key masked across its
// lines, whatever the chunking.
import {describe, expect, it} from 'vitest';
import {outputStream} from '../../source/text/outputStream.js';

function run(chunks: string[]): string {
	let out = '';
	const stream = outputStream(text => (out += text));
	for (const chunk of chunks) stream.push(chunk);
	stream.end();
	return out;
}

describe('outputStream', () => {
	it('cleans escape sequences, keeps tabs and column spacing, masks secrets, keeps an unfinished last line as it is', () => {
		const text = 'a\tb\tc\n\x1b[31mred\x1b[0m \x1b]0;title\x07done\nname    GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\r\nprogress 10%\rprogress 100%\nno newline';
		const expected = 'a\tb\tc\nred done\nname    GITHUB_TOKEN=••••\nprogress 100%\nno newline';
		expect(run([text])).toBe(expected);
		expect(run(text.split(''))).toBe(expected);
	});

	it('masks a private key block as a whole across its lines', () => {
		const key = ['-----BEGIN OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 'QyNTUxOQAAACDxEXAMPLE', '-----END OPENSSH PRIVATE KEY-----', 'after'].join('\n');
		expect(run([key, '\n'])).toBe('-----BEGIN OPENSSH PRIVATE KEY----- ••••\n-----END OPENSSH PRIVATE KEY-----\nafter\n');
	});
});
