// Node modules the app needs only once it acts load on their first use (scripts/bundlePlugins.mjs,
// LAZY_BUILTINS): an import of one in the bundle is an object of getters. Checked on a bundle made
// with the app's options (the getters work, named and default imports alike, and load the module
// only when read) and on the app itself (none of them loaded when its first frame is drawn).
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {afterAll, describe, expect, it} from 'vitest';
import * as esbuild from 'esbuild';
import {bundleOptions} from '../../scripts/build.mjs';
import {ptySessions} from './pty.js';

const run = promisify(execFile);
const directory = mkdtempSync(join(tmpdir(), 'ohtui-lazybuiltins-'));
const sessions = ptySessions();

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

describe('Node modules loaded on first use', () => {
	it('an import is loaded when it is first read, and reads as the module', async () => {
		const source = join(directory, 'probe.ts');
		writeFileSync(
			source,
			[
				"import {randomUUID} from 'node:crypto';",
				"import * as zlib from 'node:zlib';",
				"import childProcess from 'node:child_process';",
				'const has = (name: string) => (process as any).moduleLoadList.includes(`NativeModule ${name}`);',
				"const before = {crypto: has('crypto'), zlib: has('zlib'), childProcess: has('child_process')};",
				'const uuid = randomUUID();',
				"const deflated = zlib.inflateSync(zlib.deflateSync(Buffer.from('ohtui'))).toString();",
				"const echoed = childProcess.execFileSync(process.execPath, ['-e', 'process.stdout.write(\"hi\")']).toString();",
				"const after = {crypto: has('crypto'), zlib: has('zlib'), childProcess: has('child_process')};",
				'process.stdout.write(JSON.stringify({before, after, uuid, deflated, echoed}));',
			].join('\n'),
		);
		// the app's options with the plugins that touch Node's modules (the others patch Ink, not here)
		const options = bundleOptions({entryPoints: {probe: source}, outdir: directory});
		const plugins = (options.plugins ?? []).filter(plugin => ['builtins-via-require', 'to-esm-once'].includes(plugin.name));
		await esbuild.build({...options, plugins, write: true, outExtension: {'.js': '.mjs'}});
		{
			const {stdout} = await run(process.execPath, [join(directory, 'probe.mjs')], {env: {...process.env, NODE_OPTIONS: ''}});
			const result = JSON.parse(stdout) as {before: Record<string, boolean>; after: Record<string, boolean>; uuid: string; deflated: string; echoed: string};
			expect(result.before).toEqual({crypto: false, zlib: false, childProcess: false});
			expect(result.after).toEqual({crypto: true, zlib: true, childProcess: true});
			expect(result.uuid).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[\da-f]{4}-[\da-f]{12}$/);
			expect(result.deflated).toBe('ohtui');
			expect(result.echoed).toBe('hi');
		}
	}, 60_000);

	it('the app draws its first frame without crypto, child_process or fs/promises', async () => {
		const list = join(directory, 'modules.json');
		const preload = join(directory, 'record.cjs');
		writeFileSync(
			preload,
			[
				'const reallyExit = process.reallyExit;',
				'process.reallyExit = function (code) {',
				`  require('fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList));`,
				'  return reallyExit.call(process, code);',
				'};',
			].join('\n'),
		);
		const session = sessions.spawn({args: ['--url', 'http://127.0.0.1:9'], env: {OHTUI_EXIT_AFTER_FIRST_FRAME: '1'}, nodeArgs: ['-r', preload]});
		await session.waitForExit(20_000);
		const modules = JSON.parse(readFileSync(list, 'utf8')) as string[];
		expect(modules).toContain('NativeModule tty');
		for (const name of ['crypto', 'child_process', 'fs/promises']) expect(modules).not.toContain(`NativeModule ${name}`);
	}, 30_000);
});
