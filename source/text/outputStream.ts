/**
 * A command's output as it streams, made safe to print (issue 28 item 2: `ohtui exec`): every line
 * cleaned as the pager cleans server text (`cleanLines`: escape sequences, controls, bidi and
 * invisible characters gone; a line rewritten with carriage returns shows its last state) but with
 * its tabs kept (`cut -f` still works on what `exec` prints), then masked like every server string,
 * spacing kept. A private key's block is masked as a whole across its lines (its body lines,
 * judged one by one, would not all look secret). Lines are held only until their end, or
 * MAX_LINE characters of one, so memory stays bounded whatever the command prints.
 */
import {cleanLines} from './sanitize.js';
import {maskSecrets} from './secrets.js';
import {MASK} from './secretShapes.js';

const MAX_LINE = 1 << 20;
/** Tabs ride through the cleaning as a private-use character (which cleaning keeps), then come back. */
const TAB_STAND_IN = '\ue000';
export const BEGIN_KEY = /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----/;

/** One line (no line break in it): cleaned, tabs kept, masked piece by piece so its spacing stays. */
export function safeOutputLine(raw: string): string {
	const cleaned = cleanLines(raw.replaceAll('\t', TAB_STAND_IN)).join(' ').replaceAll(TAB_STAND_IN, '\t');
	if (!cleaned) return cleaned;
	const indent = /^[ \t]*/.exec(cleaned)![0];
	const parts = cleaned.slice(indent.length).split(/( {2,}|\t+)/);
	return indent + parts.map((part, i) => (i % 2 === 1 ? part : maskSecrets(part))).join('');
}

export type OutputStream = {push(text: string): void; end(): void};

/**
 * Feeds `write` with safe lines (each with its `\n`; the last one without when the output ends
 * without), all the lines of one `push` in one write (one write a line cost seconds of system
 * calls for a 10 MB output of short lines).
 */
export function outputStream(flush: (text: string) => void): OutputStream {
	let held = '';
	let inKey: string | null = null;
	let ready: string[] = [];
	const write = (text: string) => void ready.push(text);
	const send = () => {
		if (ready.length === 0) return;
		const text = ready.join('');
		ready = [];
		flush(text);
	};
	const line = (raw: string, newline: boolean) => {
		const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
		if (inKey !== null) {
			if (text.includes(`-----END ${inKey}-----`)) {
				write(`-----END ${inKey}-----${newline ? '\n' : ''}`);
				inKey = null;
			}
			return;
		}
		const begin = BEGIN_KEY.exec(text);
		if (begin && !text.includes(`-----END ${begin[1]}-----`)) {
			inKey = begin[1]!;
			write(`${safeOutputLine(text.slice(0, begin.index))}-----BEGIN ${inKey}----- ${MASK}\n`);
			return;
		}
		write(`${safeOutputLine(text)}${newline ? '\n' : ''}`);
	};
	return {
		push(text) {
			held += text;
			let at = held.indexOf('\n');
			let from = 0;
			while (at >= 0) {
				line(held.slice(from, at), true);
				from = at + 1;
				at = held.indexOf('\n', from);
			}
			held = held.slice(from);
			if (held.length > MAX_LINE) {
				// a line without end in sight: what is held goes out (masked) and the line goes on
				line(held, false);
				held = '';
			}
			send();
		},
		end() {
			if (held) line(held, false);
			held = '';
			send();
		},
	};
}
