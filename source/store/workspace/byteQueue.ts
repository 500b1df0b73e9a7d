/**
 * A push-to-pull bridge: what arrives by callbacks (a command's outputs) read as an async stream
 * of bytes, ending or failing once. Chunks are held only until the reader takes them.
 */
export type ByteQueue = {
	push(chunk: Buffer): void;
	end(): void;
	fail(error: unknown): void;
	readonly body: AsyncIterable<Buffer>;
};

export function byteQueue(): ByteQueue {
	const chunks: Buffer[] = [];
	let done = false;
	let failure: {error: unknown} | null = null;
	let wake: (() => void) | null = null;
	const poke = () => {
		wake?.();
		wake = null;
	};
	async function* body(): AsyncGenerator<Buffer> {
		for (;;) {
			if (chunks.length > 0) {
				yield chunks.shift()!;
				continue;
			}
			if (failure) throw failure.error;
			if (done) return;
			await new Promise<void>(resolve => (wake = resolve));
		}
	}
	return {
		push(chunk) {
			if (done || failure) return;
			chunks.push(chunk);
			poke();
		},
		end() {
			done = true;
			poke();
		},
		fail(error) {
			failure ??= {error};
			poke();
		},
		body: body(),
	};
}

/** Base64 text in pieces (line breaks anywhere) → bytes, as they can be decoded. */
export function base64Decoder(out: (bytes: Buffer) => void): {push(text: string): void; end(): void} {
	let rest = '';
	return {
		push(text) {
			const clean = rest + text.replace(/[^A-Za-z0-9+/=]/g, '');
			const whole = clean.length - (clean.length % 4);
			rest = clean.slice(whole);
			if (whole > 0) out(Buffer.from(clean.slice(0, whole), 'base64'));
		},
		end() {
			if (rest) out(Buffer.from(rest, 'base64'));
			rest = '';
		},
	};
}
