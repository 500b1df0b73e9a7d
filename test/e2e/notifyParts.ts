/** What the notification tests share (./notify.test.ts, ./notifyDesktop.test.ts, ./notifyStorm.test.ts). */
import type {ConversationServer} from '../support/conversationServer.js';
import {hexId} from '../support/conversationServer.js';

export const BEL = '\u0007';
export const ESC = '\u001B';
export const count = (text: string, what: string) => text.split(what).length - 1;
export const A = hexId(0xa);
export const B = hexId(0xb);

export async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('timed out');
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

/** Waits until the app has polled `n` more times (the list, or the open activity's events). */
export async function polls(s: ConversationServer, n: number, timeoutMs = 15_000): Promise<void> {
	const reads = () => s.seen.filter(r => r.line.startsWith('GET /api/v1/app-conversations') || r.line.includes('events/search')).length;
	const target = reads() + n;
	const deadline = Date.now() + timeoutMs;
	while (reads() < target) {
		if (Date.now() > deadline) throw new Error(`only ${reads()} of ${target} conversation reads: ${s.seen.map(r => r.line).join("\n")}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}
