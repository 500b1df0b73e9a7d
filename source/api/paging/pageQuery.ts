import type {PageQuery} from '../types.js';
import type {Query} from '../types.js';

/** The real server answers 500 above 100 and 422 at 0 or below (1.6): keep limits inside 1..100. */
export const MAX_PAGE_LIMIT = 100;

export function clampLimit(limit: number | undefined): number | undefined {
	if (limit === undefined || !Number.isFinite(limit)) return undefined;
	return Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(limit)));
}

export function pageParams(query: PageQuery | undefined): Query {
	return {
		page_id: query?.pageId ?? undefined,
		limit: clampLimit(query?.limit),
	};
}
