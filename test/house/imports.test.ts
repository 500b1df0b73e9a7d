/**
 * The house's rules (issue 25, shared/design.md round 4), checked over the relative imports of
 * source/ (scripts/importGraph.mjs): no import circles, type imports included, and no import
 * across the rooms' lines (ui/ below commands/, config/, present/; store/ or ui/ below api/...).
 */
import {describe, expect, it} from 'vitest';
import {circles, crossings, importGraph} from '../../scripts/importGraph.mjs';

const root = new URL('../..', import.meta.url).pathname;
const {files, edges} = importGraph(root);

/** rooms that are plain TypeScript: what they import of the npm packages */
const NO_INK = ['source/api/', 'source/store/', 'source/present/', 'source/commands/', 'source/config/', 'source/keymap/', 'source/fleet/', 'source/text/'];

describe('the house', () => {
	it('reads every source file', () => {
		expect(files.length).toBeGreaterThan(300);
		expect(files).toContain('source/present/format.ts');
	});

	it('has no import circles among source/ files', () => {
		expect(circles(edges)).toEqual([]);
	});

	it('keeps each room to the rooms below it', () => {
		expect(crossings(edges)).toEqual([]);
	});

	it('keeps Ink and React out of the rooms without a screen', async () => {
		const {readFileSync} = await import('node:fs');
		const found = files
			.filter(file => NO_INK.some(room => file.startsWith(room)))
			.filter(file => /from\s*['"](?:ink|react)['"]/.test(readFileSync(`${root}${file}`, 'utf8')));
		expect(found).toEqual([]);
	});

	it('finds a circle and a crossing when there is one (the check itself)', () => {
		const graph = new Map([
			['source/a.ts', ['source/b.ts']],
			['source/b.ts', ['source/c.ts']],
			['source/c.ts', ['source/a.ts']],
			['source/commands/x.ts', ['source/ui/format.ts']],
		]);
		expect(circles(graph)).toEqual([['source/a.ts', 'source/b.ts', 'source/c.ts']]);
		expect(crossings(graph)).toEqual(['source/commands/x.ts -> source/ui/format.ts']);
	});
});
