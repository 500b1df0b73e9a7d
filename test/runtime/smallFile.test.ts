import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {readSmallFile, replaceFile} from '../../source/runtime/smallFile.js';

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

describe('replaceFile (issue 27 item 10: the temporary files of the seen marks, status\'s cache, the code cache)', () => {
	const module = new URL('../../source/runtime/smallFile.ts', import.meta.url).href;
	/** in a child process of its own: a write that blocks on a FIFO would hold this test's event loop */
	const replaceInChild = (target: string, plant: 'fifo' | 'symlink', elsewhere: string) =>
		spawnSync(
			process.execPath,
			[
				'--import',
				'tsx',
				'--input-type=module',
				'-e',
				`import {execFileSync} from 'node:child_process';
				import {symlinkSync} from 'node:fs';
				const {replaceFile} = await import(${JSON.stringify(module)});
				const temporary = ${JSON.stringify(target)} + '.' + process.pid + '.tmp';
				if (${JSON.stringify(plant)} === 'fifo') execFileSync('mkfifo', [temporary]);
				else symlinkSync(${JSON.stringify(elsewhere)}, temporary);
				replaceFile(${JSON.stringify(target)}, 'new');`,
			],
			{timeout: 20_000, encoding: 'utf8'},
		);

	it('writes the file whole, over what was there', () => {
		const target = join(dir, 'replaced.json');
		writeFileSync(target, 'old');
		replaceFile(target, '{"a":1}');
		expect(readFileSync(target, 'utf8')).toBe('{"a":1}');
	});

	it('a FIFO at the temporary file\'s name is not opened (a plain write blocked on it for good), a symlink there not followed', () => {
		const elsewhere = join(dir, 'elsewhere');
		writeFileSync(elsewhere, 'untouched');
		for (const plant of ['fifo', 'symlink'] as const) {
			const target = join(dir, `planted-${plant}.json`);
			const run = replaceInChild(target, plant, elsewhere);
			expect([run.status, run.signal, run.stderr], plant).toEqual([0, null, '']);
			expect(readFileSync(target, 'utf8'), plant).toBe('new');
		}
		expect(readFileSync(elsewhere, 'utf8')).toBe('untouched');
	});
});
