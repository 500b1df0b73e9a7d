import {ApiError} from './errors.js';

/** Placeholder for a route being built this round: a one-line error, never a crash. */
export function notYet(what: string): never {
	throw new ApiError({kind: 'server', message: `${what} is not available yet`});
}
