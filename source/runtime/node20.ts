/**
 * What the bundled libraries call that Node 20 lacks, bridged (issue 17: Ink 8 and its packages
 * declare Node >= 22; only what their code calls binds ohtui, one self-contained bundle). Found by
 * running every test on Node 20 and by test/e2e/nodeLines.test.ts, which fails when the bundle
 * names a newer global this file does not bridge.
 *
 * - Promise.withResolvers (V8 12.2, Node 22): Ink 8 awaits the next render with it
 *   (build/ink.js awaitNextRender), in concurrent mode only, which ohtui does not use; bridged so
 *   that turning concurrent mode on is not a Node 20 crash.
 */
export function withResolvers<T>(): {promise: Promise<T>; resolve: (value: T | PromiseLike<T>) => void; reject: (reason?: unknown) => void} {
	let resolve!: (value: T | PromiseLike<T>) => void;
	let reject!: (reason?: unknown) => void;
	const promise = new Promise<T>((yes, no) => {
		resolve = yes;
		reject = no;
	});
	return {promise, resolve, reject};
}

/** the globals bridged here, for the bundle check */
export const BRIDGED = ['Promise.withResolvers'] as const;

export function bridgeNode20(): void {
	if (typeof (Promise as {withResolvers?: unknown}).withResolvers !== 'function') {
		Object.defineProperty(Promise, 'withResolvers', {value: withResolvers, writable: true, configurable: true});
	}
}
