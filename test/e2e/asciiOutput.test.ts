// The build writes pure ASCII (scripts/asciiOutput.mjs): V8 keeps every module's source text for
// the life of the process, at two bytes a character once a single one is outside Latin-1.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {asciiOnly} from '../../scripts/asciiOutput.mjs';
import {buildOnce, root} from './pty.js';

const evaluate = (source: string): unknown => new Function(`return (${source}\n);`)();

describe('asciiOnly', () => {
	it('leaves ASCII text as it is', () => {
		const text = 'const a = "x\\u2026";\n// plain\n';
		expect(asciiOnly(text)).toBe(text);
	});

	it('escapes comments, and the text of regular expressions without changing what they match', () => {
		const cases = [
			'/…$/.test("pausing…")',
			'/übersetz|样式/i.test("ÜBERSETZEN")',
			'/[à-ÿ]+/.exec("xéy")[0]',
			'/^😀$/u.test("😀")',
			'/^[😀]$/u.test("😀")',
			'/a\\…b/.test("a…b")',
			'"A\\…" + "é" // a comment with § and ↑',
		];
		for (const source of cases) {
			const escaped = asciiOnly(source);
			expect(escaped).toMatch(/^[\u0000-\u007F]*$/);
			expect(evaluate(escaped)).toEqual(evaluate(source));
		}

		expect(evaluate(asciiOnly('"A\\…" + "é"'))).toBe('A…é');
		expect(asciiOnly('// 12mo ago, `CREATED↑`')).toBe('// 12mo ago, `CREATED\\u2191`');
	});

	it('leaves an escaped backslash before a character alone', () => {
		// `\\…` is a backslash, then the character: both stay
		expect(evaluate(asciiOnly(String.raw`"\\…"`))).toBe('\\…');
	});
});

describe('the build', () => {
	it('writes only ASCII', () => {
		buildOnce();
		const dist = join(root, 'dist');
		// the chunks of this build (older ones stay a while for processes still running them)
		const {current} = JSON.parse(readFileSync(join(dist, 'chunks', 'manifest.json'), 'utf8')) as {current: string[]};
		expect(current.length).toBeGreaterThan(10);
		const files = ['cli.js', ...current.map(name => join('chunks', name))];
		const offenders = files.filter(name => /[^\u0000-\u007F]/.test(readFileSync(join(dist, name), 'utf8')));
		expect(offenders).toEqual([]);
	});
});
