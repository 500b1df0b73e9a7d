// ws (the stand-in servers' websocket side) is bundled: its optional native add-ons must not become
// imports, and it loads only with the first websocket handshake, never before the first frame.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {staticClosure, walkBundle} from '../../scripts/bundleImports.mjs';
import {fromPackage} from './bundledPaths.js';
import {buildOnce, root} from './pty.js';

const chunks = join(root, 'dist', 'chunks');
const current = () => (JSON.parse(readFileSync(join(chunks, 'manifest.json'), 'utf8')) as {current: string[]}).current;
const WS = fromPackage('ws/');

describe('ws in the bundle', () => {
	beforeAll(() => {
		buildOnce();
	});

	it('is bundled once, with its native add-ons resolved to a module that throws (ws falls back to JavaScript)', () => {
		const withWs = current().filter(name => WS.test(readFileSync(join(chunks, name), 'utf8')));
		expect(withWs).toHaveLength(1);
		const source = readFileSync(join(chunks, withWs[0]!), 'utf8');
		expect(source).toContain('bufferutil is not bundled');
		expect(walkBundle(join(root, 'dist', 'cli.js')).bare).toEqual([]);
	});

	it('is not loaded before a handshake: neither the entry, the UI nor the demo server reach it statically', () => {
		const firstFrame = current().filter(name => /^(runApp|standInServer)-/.test(name));
		expect(firstFrame).toHaveLength(2);
		const files = [join(root, 'dist', 'cli.js'), ...firstFrame.map(name => join(chunks, name))].flatMap(entry =>
			staticClosure(entry).map(name => join(entry, '..', name)),
		);
		for (const file of new Set(files)) expect(readFileSync(file, 'utf8'), file).not.toMatch(WS);
	});
});
