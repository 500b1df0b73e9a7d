import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {readSmallFile} from '../../source/runtime/smallFile.js';

const dir = mkdtempSync(join(tmpdir(), 'ohtui-small-file-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe('readSmallFile (issue 27 item 10)', () => {
	it('reads a regular file whole, a byte order mark dropped', () => {
		writeFileSync(join(dir, 'a.json'), '\uFEFF{"a":1}');
		expect(readSmallFile(join(dir, 'a.json'), 100)).toEqual({ok: true, text: '{"a":1}'});
		const big = 'x'.repeat(70_000);
		writeFileSync(join(dir, 'big.json'), big);
		expect(readSmallFile(join(dir, 'big.json'), 100_000)).toEqual({ok: true, text: big});
	});

	it('refuses what is no small regular file without reading it: a FIFO returns at once, /dev/zero is a device', () => {
		execFileSync('mkfifo', [join(dir, 'fifo')]);
		expect(readSmallFile(join(dir, 'fifo'), 100)).toEqual({ok: false, reason: 'special', kind: 'FIFO'});
		expect(readSmallFile('/dev/zero', 100)).toEqual({ok: false, reason: 'special', kind: 'device'});
		writeFileSync(join(dir, 'large'), 'x'.repeat(101));
		expect(readSmallFile(join(dir, 'large'), 100)).toEqual({ok: false, reason: 'too-large'});
		expect(readSmallFile(dir, 100)).toEqual({ok: false, reason: 'directory'});
		expect(readSmallFile(join(dir, 'none'), 100)).toEqual({ok: false, reason: 'missing'});
		expect(readSmallFile(join(dir, 'a.json', 'x'), 100)).toEqual({ok: false, reason: 'missing'});
	});
});
