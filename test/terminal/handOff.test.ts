// The pager / editor hand-off's own half (terminal/handOff.ts), with a stand-in for Ink's
// suspendTerminal and real programs (sh scripts) in place of less and vi: the text goes to a
// private file that is gone afterwards, an editor's save comes back, a failing program is one line.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {PassThrough} from 'node:stream';
import {afterAll, describe, expect, it} from 'vitest';
import {childHasTerminal, handOff, programFor, type Program} from '../../source/terminal/handOff.js';

const work = mkdtempSync(join(tmpdir(), 'ohtui-handoff-test-'));
afterAll(() => {
	rmSync(work, {recursive: true, force: true});
});

/** a program that records the file it got (path, text, its mode and its folder's) and may rewrite it */
function recorder(name: string, rewrite?: string): Program {
	const script = join(work, `${name}.sh`);
	writeFileSync(
		script,
		[
			'#!/bin/sh',
			`out=${JSON.stringify(join(work, name))}`,
			'printf %s "$1" > "$out.path"',
			'cp "$1" "$out.text"',
			'stat -c %a "$1" > "$out.mode"',
			'stat -c %a "$(dirname "$1")" > "$out.dirmode"',
			...(rewrite === undefined ? [] : [`printf %s ${JSON.stringify(rewrite)} > "$1"`]),
		].join('\n'),
		{mode: 0o755},
	);
	return {kind: 'editor', command: script, label: name};
}

const read = (name: string, part: string) => readFileSync(join(work, `${name}.${part}`), 'utf8');
const steps: string[] = [];
const handOver = async (during: () => Promise<void> | void) => {
	steps.push('given back');
	await during();
	steps.push('taken again');
};

describe('handOff', () => {
	it('hands over a private file holding the text, runs the program on it, reads it back, removes it', async () => {
		const during: boolean[] = [];
		const result = await handOff({
			program: recorder('editor', 'rewritten by the editor'),
			text: 'line one\nline two\n',
			name: 'message.md',
			handOver: async run => {
				during.push(childHasTerminal());
				await handOver(async () => {
					const pending = run();
					during.push(childHasTerminal());
					await pending;
				});
			},
			stdin: new PassThrough(),
		});
		expect(result).toEqual({ok: true, text: 'rewritten by the editor'});
		expect(read('editor', 'text')).toBe('line one\nline two\n');
		expect(read('editor', 'mode').trim()).toBe('600');
		expect(read('editor', 'dirmode').trim()).toBe('700');
		expect(read('editor', 'path')).toMatch(/ohtui-[^/]+\/message\.md$/);
		expect(existsSync(read('editor', 'path'))).toBe(false);
		// Ctrl-c is the program's only while it runs
		expect(during).toEqual([false, true]);
		expect(childHasTerminal()).toBe(false);
	});

	it('the file is gone before the terminal is taken back (ohtui draws again only after)', async () => {
		let leftWhenBack: boolean | null = null;
		const result = await handOff({
			program: recorder('editor', 'saved'),
			text: 'draft',
			name: 'message.md',
			handOver: async run => {
				await run();
				leftWhenBack = existsSync(read('editor', 'path'));
			},
			stdin: new PassThrough(),
		});
		expect(result).toEqual({ok: true, text: 'saved'});
		expect(leftWhenBack).toBe(false);
	});

	it('a server-made name cannot leave the folder', async () => {
		await handOff({program: recorder('named'), text: 'x', name: '../../etc/passwd', handOver, stdin: new PassThrough()});
		expect(read('named', 'path')).toMatch(/ohtui-[^/]+\/\.\.-\.\.-etc-passwd$/);
	});

	it('a program that fails, or is not there, is one line, and the file still goes', async () => {
		const failing = join(work, 'failing.sh');
		writeFileSync(failing, '#!/bin/sh\nprintf %s "$1" > ' + JSON.stringify(join(work, 'failing.path')) + '\nexit 3\n', {mode: 0o755});
		expect(await handOff({program: {kind: 'pager', command: failing, label: '$PAGER (failing.sh)'}, text: 't', name: 'a.txt', handOver, stdin: new PassThrough()})).toEqual({
			ok: false,
			reason: '$PAGER (failing.sh) exited with status 3',
		});
		expect(existsSync(readFileSync(join(work, 'failing.path'), 'utf8'))).toBe(false);
		expect(await handOff({program: {kind: 'pager', command: join(work, 'nowhere'), label: '$PAGER (nowhere)'}, text: 't', name: 'a.txt', handOver, stdin: new PassThrough()})).toEqual({
			ok: false,
			reason: '$PAGER (nowhere) not found (status 127)',
		});
	});

	it('finds the pager and the editor as git does, with words allowed', () => {
		expect(programFor('pager', {})).toEqual({kind: 'pager', command: 'less', label: 'less'});
		expect(programFor('pager', {PAGER: 'less -S'})).toEqual({kind: 'pager', command: 'less -S', label: '$PAGER (less)'});
		expect(programFor('editor', {})).toEqual({kind: 'editor', command: 'vi', label: 'vi'});
		expect(programFor('editor', {EDITOR: 'nano', VISUAL: 'code --wait'}).command).toBe('code --wait');
		expect(programFor('editor', {EDITOR: 'nano', VISUAL: ' '}).command).toBe('nano');
	});
});
