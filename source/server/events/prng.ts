/**
 * A small seeded generator (mulberry32) so a demo conversation's trajectory is the same on every
 * start: its texts come from a seed of its title, its event ids from a seed of its id.
 */
export class Prng {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	static of(text: string): Prng {
		return new Prng(hash32(text));
	}

	/** 32 random bits as an unsigned integer. */
	u32(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return (t ^ (t >>> 14)) >>> 0;
	}

	/** [0, 1) */
	next(): number {
		return this.u32() / 4294967296;
	}

	/** integer in [min, max] */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)]!;
	}

	chance(p: number): boolean {
		return this.next() < p;
	}

	/** `str(uuid4())`: dashed lowercase, version 4, RFC variant (shared/openhands-api-newer.md 4.4). */
	uuid(): string {
		const hex = [this.u32(), this.u32(), this.u32(), this.u32()].map(n => n.toString(16).padStart(8, '0')).join('');
		const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
		return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
	}

	/** An id in the style of a provider's tool call id, e.g. `toolu_01XyZ9kQ2mN4`. */
	token(prefix: string, length: number): string {
		const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
		let out = prefix;
		for (let i = 0; i < length; i++) out += alphabet[this.u32() % alphabet.length];
		return out;
	}
}

/** FNV-1a over UTF-16 code units. */
export function hash32(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}
