export * from './schemas/index.js';
export * from './client.js';
export * from './errors.js';
export {createClient} from './createClient.js';
export {collectPages, type Collected, type CollectOptions, type PageFetcher} from './paging/paging.js';
export {MAX_PAGE_LIMIT} from './paging/pageQuery.js';
export {startRequestBody} from './app/conversations.js';
