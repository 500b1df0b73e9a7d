// ws (the stand-in servers' websocket side) is bundled: its optional native add-ons must not become
// imports, and it loads only with the first websocket handshake, never before the first frame.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {walkBundle} from '../../scripts/bundleImports.mjs';
import {fromPackage} from './bundledPaths.js';
import {buildOnce, root} from './pty.js';

const chunks = join(root, 'dist', 'chunks');
const current = () => (JSON.parse(readFileSync(join(chunks, 'manifest.json'), 'utf8')) as {current: string[]}).current;
const WS = fromPackage('ws/');

describe('ws in the bundle', () => {
	beforeAll(() => {
		buildOnce();
	});

	it('is bundled in `serve`\'s chunk and in the TUI\'s script, each time with its native add-ons resolved to a module that throws (ws falls back to JavaScript)', () => {
		const withWs = current().filter(name => WS.test(readFileSync(join(chunks, name), 'utf8')));
		// one of them the TUI's script (scripts/build.mjs tuiEntry: no module in two copies within a process)
		expect(withWs.filter(name => /^tui-\w+\.script\.js$/.test(name))).toHaveLength(1);
		expect(withWs).toHaveLength(2);
		for (const name of withWs) expect(readFileSync(join(chunks, name), 'utf8'), name).toContain('bufferutil is not bundled');
		expect(walkBundle(join(root, 'dist', 'cli.js')).bare).toEqual([]);
	});

	it('is not loaded before a handshake: neither the launcher, the entry nor the TUI\'s start reach it; the TUI\'s script runs it only at its import() (test/e2e/bundle.test.ts)', () => {
		const starts = current().filter(name => /^(cli|tuiStart)-\w+\.cjs$/.test(name));
		expect(starts).toHaveLength(2);
		for (const file of [join(root, 'dist', 'cli.js'), ...starts.map(name => join(chunks, name))]) expect(readFileSync(file, 'utf8'), file).not.toMatch(WS);
	});
});
