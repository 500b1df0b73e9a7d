/**
 * A trajectory's bytes, checked to be a ZIP before any of them is written (issue 28 item 3): a proxy's
 * web page or an error page with a 200 would otherwise be saved as `events.zip` with exit 0. Every
 * ZIP starts with a local file header (`PK\x03\x04`), or, empty, with its end record (`PK\x05\x06`).
 */

/** The answer was not a ZIP: what it starts with, for the message. */
export class NotAZip extends Error {
	override readonly name = 'NotAZip';
}

const MAGIC = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];

export async function* zipChecked(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
	let head = Buffer.alloc(0);
	let checked = false;
	for await (const chunk of body) {
		if (checked) {
			yield chunk;
			continue;
		}
		head = Buffer.concat([head, chunk]);
		if (head.length < 4) continue;
		checked = true;
		if (!MAGIC.some(magic => head.subarray(0, 4).equals(magic))) {
			throw new NotAZip(`the agent server's answer is not a ZIP (it starts: ${JSON.stringify(head.subarray(0, 60).toString('utf8').trim())})`);
		}
		yield head;
	}
	if (!checked) throw new NotAZip(`the agent server's answer is not a ZIP (${head.length} byte${head.length === 1 ? '' : 's'})`);
}
