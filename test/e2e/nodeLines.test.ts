// ohtui runs on Node 20 to 26 although Ink 8 and its packages declare Node >= 22: the bundle is
// the package, and only what its code calls binds it (issue 17). CI runs every test on each line
// (the real proof: instance methods such as Set.prototype.union cannot be found by reading); here
// the built bundle is read for the newer globals a library might start calling, and each one it
// names must be bridged by source/runtime/node20.ts.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {transformSync} from 'esbuild';
import {beforeAll, describe, expect, it} from 'vitest';
import {jsFilesUnder} from '../../scripts/bundleImports.mjs';
import {BRIDGED, bridgeNode20, withResolvers} from '../../source/runtime/node20.js';
import {buildOnce, root} from './pty.js';

/** globals and static methods added after Node 20 (V8 11.3), as `Owner.name` */
const NEWER = [
	'Promise.withResolvers',
	'Promise.try',
	'Object.groupBy',
	'Map.groupBy',
	'Array.fromAsync',
	'Iterator.from',
	'RegExp.escape',
	'Error.isError',
	'Math.sumPrecise',
	'Math.f16round',
	'Uint8Array.fromBase64',
	'Uint8Array.fromHex',
	'URL.parse',
	'process.getBuiltinModule',
	'Atomics.pause',
	'Float16Array',
	'DisposableStack',
	'AsyncDisposableStack',
	'import.meta.dirname',
	'import.meta.filename',
];

beforeAll(() => {
	buildOnce();
}, 120_000);

describe('the bundle on Node 20', () => {
	it('names no global newer than Node 20 that is not bridged', () => {
		const dist = join(root, 'dist');
		const named = new Set<string>();
		for (const file of jsFilesUnder(dist)) {
			// comments go (Ink's source says "Error.isError is not available in Node.js 22")
			const code = transformSync(readFileSync(join(dist, file), 'utf8'), {loader: 'js', format: 'esm', minifyWhitespace: true, legalComments: 'none', logLevel: 'silent'}).code;
			for (const name of NEWER) if (new RegExp(`(?<![\\w$.])${name.replaceAll('.', '\\s*\\.\\s*')}(?![\\w$])`).test(code)) named.add(name);
		}
		expect([...named].filter(name => !(BRIDGED as readonly string[]).includes(name))).toEqual([]);
		// and what is bridged is still called (else the bridge goes)
		expect([...named].sort()).toEqual([...BRIDGED].sort());
	});

	it('Promise.withResolvers, bridged where missing, settles as the built-in one does', async () => {
		bridgeNode20();
		const native = (Promise as unknown as {withResolvers: typeof withResolvers}).withResolvers;
		for (const make of [withResolvers, native.bind(Promise)]) {
			const a = make<number>();
			a.resolve(3);
			await expect(a.promise).resolves.toBe(3);
			const b = make<number>();
			b.reject(new Error('no'));
			await expect(b.promise).rejects.toThrow('no');
		}
	});
});
