// The suite shares modules between test files (vitest.config.ts, isolate: false). A file that mocks
// a module or sets an import-time switch would leak that into the files after it, or see the real
// module already loaded: such files must be listed in test/isolated.ts to run on their own.
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ISOLATED} from './isolated.js';

const root = join(import.meta.dirname, '..');
const IMPORT_TIME = /\bvi\.(?:mock|doMock|unmock|resetModules|hoisted)\(|FORCE_COLOR|forceColor\.js/;

function testFiles(folder: string): string[] {
	return readdirSync(folder, {withFileTypes: true}).flatMap(entry => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return testFiles(path);
		return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
	});
}

describe('test isolation', () => {
	it('every test file that changes modules at import time runs isolated, and only those', () => {
		const files = testFiles(join(root, 'test'));
		const needing = files.filter(file => file !== 'test/isolation.test.ts' && IMPORT_TIME.test(readFileSync(join(root, file), 'utf8'))).sort();
		expect(needing).toEqual([...ISOLATED].sort());
	});
});
