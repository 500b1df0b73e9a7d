// The bundle's string-width for packages (scripts/stringWidthFast.mjs): Ink's widest-line and
// wrap-ansi measure a styled row with one `✓` in it by its non-ASCII part only (the segmenter sees
// a few characters, not the row), and every width is the one string-width gives.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import stringWidth from 'string-width';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {stringWidthFast} from '../../scripts/stringWidthFast.mjs';
import {root} from './pty.js';

const directory = mkdtempSync(join(tmpdir(), 'ohtui-stringwidth-'));

type Module = {widestLine(text: string): number; wrapAnsi(text: string, columns: number, options: object): string};

async function bundle(name: string, plugins: esbuild.Plugin[]): Promise<Module> {
	const entry = join(directory, `${name}-entry.mjs`);
	writeFileSync(entry, "export {default as widestLine} from 'widest-line';\nexport {default as wrapAnsi} from 'wrap-ansi';\n");
	const outfile = join(directory, `${name}.mjs`);
	await esbuild.build({entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile, plugins, logLevel: 'silent', absWorkingDir: root, nodePaths: [join(root, 'node_modules')]});
	return (await import(pathToFileURL(outfile).href)) as Module;
}

/** code units the grapheme segmenter was given while `run` ran */
function segmented(run: () => void): number {
	const {segment} = Intl.Segmenter.prototype;
	let units = 0;
	Intl.Segmenter.prototype.segment = function (this: Intl.Segmenter, text: string) {
		units += text.length;
		return segment.call(this, text);
	};
	try {
		run();
	} finally {
		Intl.Segmenter.prototype.segment = segment;
	}
	return units;
}

let plain: Module;
let parts: Module;

beforeAll(async () => {
	plain = await bundle('plain', []);
	parts = await bundle('parts', [stringWidthFast]);
}, 60_000);

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

const ROW = `\u001B[7m\u001B[1m› \u001B[32m✓ finished\u001B[39m Fix the date parsing in the API (#1002)   \u001B[90m$ python -m pytest tests/test_dates…\u001B[39m octo-org/hello-wo… 7d ago\u001B[22m\u001B[27m`;

describe('string-width by parts in the bundle', () => {
	it("measures a styled row's non-ASCII parts only, to the same width (unpatched: the whole row)", () => {
		const width = stringWidth(ROW);
		const widths: number[] = [];
		const before = segmented(() => widths.push(plain.widestLine(ROW)));
		const after = segmented(() => widths.push(parts.widestLine(ROW)));
		expect(widths).toEqual([width, width]);
		expect(before).toBeGreaterThan(100);
		expect(after).toBeLessThan(12);
	});

	it('wraps as unpatched wrap-ansi does', () => {
		const texts = [ROW, 'a\u0301b界界 ✓✓ 👩\u200D💻 🇩🇪 plain ascii words here', '\u0600abc def\u1100\u1161 ghi'];
		for (const text of texts) for (const columns of [5, 11, 40]) expect(parts.wrapAnsi(text, columns, {hard: true, trim: false})).toBe(plain.wrapAnsi(text, columns, {hard: true, trim: false}));
	});

	it('fails a bundle in which no package imports string-width', async () => {
		await expect(esbuild.build({stdin: {contents: 'export const x = 1;'}, bundle: true, write: false, plugins: [stringWidthFast], logLevel: 'silent'})).rejects.toThrow(/stale/);
	});
});
