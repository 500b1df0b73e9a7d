/**
 * Secrets in file formats that carry no name a rule could read (issue 21 item 3): a private key's
 * PEM block, masked as a whole across its lines (its 64-character body lines, judged one by one,
 * showed 760 of 1,628 base64 characters of an RSA key), `.netrc` (`machine … login … password …`)
 * and `.pgpass` (`host:port:database:user:password`).
 */
import {MASK} from './secretShapes.js';

const PEM = /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g;

/** Every private-key block in (multi-line) text, replaced as a whole by one line that says what it was. */
export function maskKeyBlocks(text: string): string {
	if (!text.includes('-----BEGIN ')) return text;
	return text.replace(PEM, (_block, label: string) => `-----BEGIN ${label}----- ${MASK} -----END ${label}-----`);
}

// `machine host login name password secret` on one line, or a `password secret` line of a block
const NETRC_INLINE = /(\bmachine\s+\S+[^\n]*?\bpassword\s+)(\S+)/g;
const NETRC_LINE = /^(\s*password\s+)(\S+)\s*$/gm;
// hostname:port:database:username:password (port a number or *, database and user names)
const PGPASS = /^([^:\s#]+:(?:\d+|\*):(?!\d+:)[^:\s]+:[^:\s]+:)(\S+)$/gm;

/** `.netrc` and `.pgpass` lines with their passwords masked. */
export function maskFileFormats(text: string): string {
	let out = text;
	if (/\bpassword\s/.test(out)) out = out.replace(NETRC_INLINE, (_w, head: string) => head + MASK).replace(NETRC_LINE, (_w, head: string) => head + MASK);
	if (out.includes(':')) out = out.replace(PGPASS, (whole, head: string, password: string) => (password === MASK ? whole : head + MASK));
	return out;
}
