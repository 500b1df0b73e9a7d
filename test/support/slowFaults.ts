/**
 * Faults of a slow or lying server, as custom faults for the fault server (./faultServer.ts): a body
 * that trickles, an answer that comes late with data from when it was asked, a request that reaches
 * the server late, paging that points back or never ends, a JSON answer rewritten (issue 9).
 */
import type {CustomContext, Fault} from './faults.js';

type Json = Record<string, unknown>;

function custom(name: string, handle: (ctx: CustomContext) => Promise<void> | void): Fault {
	return {kind: 'custom', name, handle};
}

/** The upstream answer with its JSON changed by `change` (non-JSON answers pass unchanged). */
export function rewriteJson(name: string, change: (value: unknown, url: URL) => unknown): Fault {
	return custom(name, async ctx => {
		const answer = await ctx.upstream();
		let body: Buffer | string = answer.body;
		if (/json/i.test(String(answer.headers['content-type'] ?? ''))) {
			try {
				body = JSON.stringify(change(JSON.parse(answer.body.toString('utf8')), ctx.url));
			} catch {
				// not JSON after all: pass it on
			}
		}
		ctx.reply(answer.status, answer.headers, body);
	});
}

export const slowFaults = {
	/** the upstream answer, its full content-length announced, one byte every `everyMs` (a body time-out never fires) */
	trickle: (everyMs = 1000): Fault =>
		custom('trickle', async ctx => {
			const answer = await ctx.upstream();
			const {res} = ctx;
			res.writeHead(answer.status, {'content-type': String(answer.headers['content-type'] ?? 'application/json'), 'content-length': answer.body.length});
			for (const byte of answer.body) {
				if (res.destroyed) return;
				res.write(Buffer.of(byte));
				if (await ctx.wait(everyMs)) return;
			}
			res.end();
		}),

	/** asked upstream at once, answered `ms` later: a late response carrying data as old as the request */
	lateAnswer: (ms: number): Fault =>
		custom('lateAnswer', async ctx => {
			const answer = await ctx.upstream();
			if (await ctx.wait(ms)) return;
			ctx.reply(answer.status, answer.headers, answer.body);
		}),

	/** the request reaches the server only `ms` later (a slow link): it is recorded then, and answered */
	lateArrival: (ms: number): Fault =>
		custom('lateArrival', async ctx => {
			if (await ctx.wait(ms)) return;
			ctx.record.at = Date.now();
			const answer = await ctx.upstream();
			ctx.reply(answer.status, answer.headers, answer.body);
		}),

	/** search pages after the first point back to the first (`next_page_id: "0"`): a paging loop */
	pagesPointBack: (): Fault =>
		rewriteJson('pagesPointBack', (value, url) => {
			const page = value as Json;
			const at = url.searchParams.get('page_id');
			// page "0" is the first page again, which points on to "100"
			return at && at !== '0' ? {...page, next_page_id: '0'} : page;
		}),

	/** every page after the first is empty and names a next page, for ever */
	emptyPagesForever: (): Fault =>
		rewriteJson('emptyPagesForever', (value, url) => {
			const page = value as Json;
			const at = Number(url.searchParams.get('page_id') ?? 0);
			if (at === 0) return {...page, next_page_id: String(1000)};
			return {items: [], next_page_id: String(at + 1)};
		}),

	/** the items at `indexes` of every page broken by `breakItem` (e.g. a date in year 10000, no id) */
	breakItems: (indexes: readonly number[], breakItem: (item: Json, index: number) => Json): Fault =>
		rewriteJson('breakItems', value => {
			const page = value as Json;
			if (!Array.isArray(page['items'])) return page;
			return {...page, items: (page['items'] as Json[]).map((item, index) => (indexes.includes(index) ? breakItem(item, index) : item))};
		}),
};
