/**
 * Which press the router hands out next, given who will read it. Keys that are keys for a list
 * (one press each, in order) are text for a text field: there a run of typed characters is one
 * PASTE, and so is a read that looks pasted. Pure, so the rules are tested without a terminal.
 */
import {NO_KEY, PASTE, isPrintable, type Press} from './splitKeys.js';

/** How the handler that gets the next press reads keys (KeyRouter's KeyOptions). */
export type Reader = {
	/** edits text: typed runs and unbracketed pastes come as one PASTE press */
	text: boolean;
	/** reads Alt chords: ESC + key in one read is `alt-<key>`, not Esc and then the key */
	alt: boolean;
};

/**
 * Removes and returns the next press of `queue` for `reader` (the first handler in line).
 *
 * A paste from a terminal without bracketed paste (or with it off, as in a tmux pane that never
 * heard the switch) arrives as one read of text with CRs between the lines. A line break with text
 * on both sides inside one read is therefore pasted text, not Enter; once a read has shown itself
 * a paste that way, the line breaks at its end are text too (copying whole lines copies the last
 * newline): a pasted message is never sent by its own last line. A read of text with only a
 * trailing CR ("fix it⏎" typed faster than the terminal reads) stays text and then Enter.
 */
export function takePress(queue: Press[], reader: Reader | undefined): Press {
	const first = queue.shift()!;
	if (first.alt && reader?.alt && queue[0] !== undefined && queue[0].chunk === first.chunk) {
		const next = queue.shift()!;
		return {name: `alt-${next.name}`, input: next.input, key: {...next.key, meta: true}, chunk: first.chunk};
	}
	if (!reader?.text || !isPrintable(first)) return first;

	let text = first.input;
	let chunk = first.chunk;
	let pasted = false;
	while (queue.length > 0) {
		const next = queue[0]!;
		if (isPrintable(next)) {
			text += next.input;
			chunk = next.chunk;
			queue.shift();
			continue;
		}
		let breaks = 0;
		while (queue[breaks] !== undefined && queue[breaks]!.chunk === chunk && isBreak(queue[breaks]!)) breaks++;
		if (breaks === 0) break;
		const after = queue[breaks];
		const inside = after !== undefined && after.chunk === chunk && isPrintable(after);
		const trailing = pasted && (after === undefined || after.chunk !== chunk);
		if (!inside && !trailing) break;
		for (const press of queue.splice(0, breaks)) {
			text += breakText(press);
			if (!press.key.tab) pasted = true;
		}
	}
	return text === first.input ? first : {name: PASTE, input: text, key: NO_KEY, chunk: first.chunk};
}

/** Enter (CR), a lone LF (Ctrl-j) or Tab: what separates pasted lines and cells. */
function isBreak(press: Press): boolean {
	return (press.key.return && !press.key.meta) || press.key.tab || (press.input === '\n' && !press.key.meta);
}

function breakText(press: Press): string {
	if (press.key.tab) return '\t';
	return press.key.return ? '\r' : '\n';
}
