import {describe, expect, it} from 'vitest';
import {createScreen} from '../../source/terminal/screen.js';
import {tmuxPaneTitle} from '../../source/terminal/tmuxProbe.js';

const ESC = '\u001B';

function screen(env: NodeJS.ProcessEnv = {TERM: 'xterm-256color'}) {
	const written: string[] = [];
	return {written, screen: createScreen({write: chunk => void written.push(chunk)}, env)};
}

describe('the window title (issue 19 §3)', () => {
	it('the first title saves the terminal\'s own on its stack; an unchanged one writes nothing; the restore pops it', () => {
		const {written, screen: s} = screen();
		// asked for before the UI holds the terminal: written when it does
		s.setTitle('before the UI');
		expect(written).toEqual([]);
		s.hold(() => {});
		expect(written).toEqual([`${ESC}[22;2t${ESC}]2;before the UI${ESC}\\`]);
		written.length = 0;
		s.setTitle('ohtui · 2 need you');
		s.setTitle('ohtui · 2 need you');
		s.setTitle('ohtui');
		expect(written).toEqual([`${ESC}]2;ohtui · 2 need you${ESC}\\`, `${ESC}]2;ohtui${ESC}\\`]);
		s.setTitle('ohtui · 2 need you');
		written.length = 0;
		written.length = 0;
		s.restore();
		expect(written[0]!.startsWith(`${ESC}[23;2t`)).toBe(true);
		// no BEL anywhere: a title never rings
		expect(written.join('')).not.toContain('\u0007');
	});

	it('inside tmux (no title stack) the pane title found at start is written back; control characters never pass', () => {
		const {written, screen: s} = screen();
		s.hold(() => {});
		s.setTitleToRestore('build\u001B]2;pwned\u0007 pane');
		s.setTitle('ohtui\u0007\u001B[2J · 1 needs you');
		// the BEL and the ESC go (one space for the run): `[2J` is left as harmless text
		expect(written.at(-1)).toBe(`${ESC}[22;2t${ESC}]2;ohtui [2J · 1 needs you${ESC}\\`);
		s.restore();
		expect(written.at(-1)!.startsWith(`${ESC}]2;build ]2;pwned  pane${ESC}\\${ESC}[23;2t`)).toBe(true);
	});

	it('TERM=dumb: no title at all; no title set: the restore writes none', () => {
		const dumb = screen({TERM: 'dumb'});
		dumb.screen.hold(() => {});
		dumb.screen.setTitle('ohtui');
		dumb.screen.restore();
		expect(dumb.written).toEqual([]);
		const plain = screen();
		plain.screen.hold(() => {});
		plain.screen.restore();
		expect(plain.written.join('')).not.toContain(']2;');
		expect(plain.written.join('')).not.toContain('[23;2t');
	});

	it('asks tmux for the pane title only inside tmux', async () => {
		const asked: string[][] = [];
		const run = async (args: readonly string[]) => {
			asked.push([...args]);
			return {stdout: 'my pane\n', stderr: '', failed: false};
		};
		expect(await tmuxPaneTitle({}, run)).toBeNull();
		expect(await tmuxPaneTitle({TMUX: '/tmp/t,1,0', TMUX_PANE: '%3'}, run)).toBe('my pane');
		expect(asked).toEqual([['display-message', '-t', '%3', '-p', '#{pane_title}']]);
		expect(await tmuxPaneTitle({TMUX: '/tmp/t,1,0'}, async () => ({stdout: '', stderr: 'no server', failed: true}))).toBeNull();
	});
});
