// Issue 9 item 15: the way a copy is sent depends on tmux's options; "copied" only when it works;
// a sandbox's exposed URLs are copied with their token on an explicit key and never shown.
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {createClipboard, osc52, tmuxPassthrough} from '../../source/terminal/clipboard.js';
import {list, sandbox, SESSION_KEY} from './fixtures.js';
import {KEYS, renderApp} from './harness.js';

afterEach(() => cleanup());

function clipboard(env: NodeJS.ProcessEnv, options: Record<string, string | null> = {}) {
	const written: string[] = [];
	const asked: string[] = [];
	const board = createClipboard({
		env,
		write: data => written.push(data),
		tmuxOption: async name => {
			asked.push(name);
			return options[name] ?? null;
		},
	});
	return {board, written, asked};
}

describe('clipboard routes', () => {
	it('outside tmux: plain OSC 52; under GNU screen: a DCS string', async () => {
		const plain = clipboard({TERM: 'xterm-256color'});
		expect(await plain.board.copy('abc')).toEqual({ok: true});
		expect(plain.written).toEqual([osc52('abc')]);
		expect(plain.asked).toEqual([]);
		const screen = clipboard({TERM: 'screen', STY: '1234.pts-0.host'});
		await screen.board.copy('abc');
		expect(screen.written).toEqual([`\u001BP${osc52('abc')}\u001B\\`]);
	});

	it('tmux with set-clipboard on: plain OSC 52 (tmux forwards it), options asked once', async () => {
		const {board, written, asked} = clipboard({TERM: 'tmux-256color', TMUX: '/tmp/tmux-0/default,1,0'}, {'set-clipboard': 'on', 'allow-passthrough': 'off'});
		expect(await board.copy('abc')).toEqual({ok: true});
		expect(await board.copy('def')).toEqual({ok: true});
		expect(written).toEqual([osc52('abc'), osc52('def')]);
		expect(asked.sort()).toEqual(['allow-passthrough', 'set-clipboard']);
	});

	it('tmux with allow-passthrough on only: the DCS passthrough', async () => {
		const {board, written} = clipboard({TMUX: '/tmp/tmux-0/default,1,0'}, {'set-clipboard': 'external', 'allow-passthrough': 'on'});
		expect(await board.copy('abc')).toEqual({ok: true});
		expect(written).toEqual([tmuxPassthrough(osc52('abc'))]);
	});

	it('tmux with neither (its defaults): nothing sent, and the notice says what to set', async () => {
		const {board, written} = clipboard({TMUX: '/tmp/tmux-0/default,1,0'}, {'set-clipboard': 'external', 'allow-passthrough': 'off'});
		const result = await board.copy('abc');
		expect(result).toEqual({ok: false, reason: expect.stringContaining('tmux set -g set-clipboard on')});
		expect(written).toEqual([]);
		const dumb = clipboard({TERM: 'dumb'});
		expect(await dumb.board.copy('x')).toEqual({ok: false, reason: expect.stringContaining('TERM=dumb')});
	});

	it('the app says why instead of "copied" when the copy cannot work', async () => {
		const h = renderApp({snapshot: {visible: 'sandboxes'}, env: {TMUX: '/tmp/tmux-0/nowhere,1,0', PATH: '/nonexistent'}});
		await h.waitFor('STATUS');
		await h.press('y');
		const frame = await h.waitFor('cannot copy inside tmux');
		expect(frame).not.toContain('copied');
		expect(h.written).toEqual([]);
		// the notice is the list's: it does not follow into the details opened next
		await h.press(KEYS.enter);
		expect(await h.waitFor('Exposed urls')).not.toContain('cannot copy inside tmux');
	});
});

describe('copying a sandbox URL with its token (u in the details)', () => {
	it('u offers the exposed URLs, masked; Enter copies the chosen one whole; the token never shows', async () => {
		const h = renderApp({snapshot: {visible: 'sandboxes', sandboxes: list([sandbox()])}});
		await h.waitFor('STATUS');
		await h.press(KEYS.enter);
		await h.waitFor('Exposed urls (2)');
		// the footer names the key in the details
		await h.waitFor('u copy url');
		await h.press('u');
		const picker = await h.waitFor('Copy which URL');
		expect(picker).toContain('VSCODE');
		expect(picker).toContain('tkn=••••');
		await h.press('j', KEYS.enter);
		const frame = await h.waitFor('copied VSCODE url');
		const url = `http://localhost:41877/?tkn=${SESSION_KEY}&folder=/workspace/project`;
		expect(h.written).toEqual([osc52(url)]);
		for (const seen of h.frames) expect(seen).not.toContain(SESSION_KEY);
		expect(frame).toContain('Exposed urls (2)');
	});

	it('the list key y still copies the id only', async () => {
		const h = renderApp({snapshot: {visible: 'sandboxes', sandboxes: list([sandbox()])}});
		await h.waitFor('STATUS');
		await h.press('u');
		await h.press('y');
		await h.waitFor('copied oh-agent-server');
		expect(h.written).toEqual([osc52('oh-agent-server-6sk4ifOEcwkDClq9g9P10j')]);
	});
});
