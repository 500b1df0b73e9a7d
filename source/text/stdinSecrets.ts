/**
 * Passwords fed to a command on its standard input (verify-secrets: each showed in rows, the pager
 * and the commands' output): `echo … | docker login --password-stdin`, `echo … | sudo -S`,
 * `echo user:… | chpasswd`, `echo … | wrangler secret put NAME`, `gh auth login --with-token <<< …`.
 * What is fed is masked only when the command reading it reads a secret, so `echo done | tee log`
 * stays; a variable (`echo "$DOCKER_PASSWORD" | …`) is no secret and stays too.
 */
import {MASK} from './secretShapes.js';

// commands that read a password or a token from their input
const READS_SECRET = /--(?:password|pass|token)-stdin\b|--with-token\b|\bsudo\b[^|]*\s-[a-zA-Z]*S\b|\bpasswd\b[^|]*--stdin\b|\bchpasswd\b|\bsecrets?\s+(?:put|set)\b|\bsecrets:set\b|\benv\s+add\b|\bvault\s+login\s+-(?!\S)/;
// `echo [-n] WORDS |` or `printf [FORMAT] WORDS |`, then the reader
// (what is fed is bounded: each `echo` of a long line without a pipe scanned to its end)
const PIPED = /(?<![\w-])(echo|printf)((?:[ \t]+-[neE]+)*[ \t]+)([^|&;\n]{0,200}?)([ \t]*\|(?!\|)[ \t]*)([^|&;\n]{0,200})/g;
// `reader <<< WORD`
const HERE_STRING = /((?:^|[;&|(\n])[^;&|(\n]*?<<<[ \t]*)("[^"\n]*"|'[^'\n]*'|[^\s;&|)]+)/g;

/** A word fed to a reader, masked (its quotes kept; chpasswd's `user:` kept); a variable stays. */
function hideWord(word: string, keepUser: boolean): string {
	const quote = /^["']/.test(word) ? word[0]! : '';
	const bare = quote && word.endsWith(quote) ? word.slice(1, -1) : word;
	if (bare === '' || bare.startsWith('$') || bare.includes(MASK)) return word;
	const user = keepUser && bare.includes(':') ? bare.slice(0, bare.indexOf(':') + 1) : '';
	return `${quote}${user}${MASK}${quote}`;
}

/** `text` with what it feeds to secret-reading commands masked. */
export function maskStdinFeeds(text: string): string {
	let out = text;
	if (out.includes('|')) {
		out = out.replace(PIPED, (whole, command: string, space: string, words: string, pipe: string, reader: string) => {
			if (!READS_SECRET.test(reader)) return whole;
			const parts = words.split(/([ \t]+)/);
			// printf's first word is its format when it holds a `%`
			const from = command === 'printf' && parts[0]!.includes('%') ? 2 : 0;
			const shown = parts.map((part, i) => (i < from || i % 2 === 1 ? part : hideWord(part, /\bchpasswd\b/.test(reader))));
			return `${command}${space}${shown.join('')}${pipe}${reader}`;
		});
	}
	if (out.includes('<<<')) out = out.replace(HERE_STRING, (whole, head: string, word: string) => (READS_SECRET.test(head) ? head + hideWord(word, false) : whole));
	return out;
}
