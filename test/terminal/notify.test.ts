import {describe, expect, it} from 'vitest';
import {createNotifier, type NotifyMode} from '../../source/terminal/notify.js';
import {desktopForm, notificationText, tmuxPassthrough} from '../../source/terminal/notifyForms.js';
import {probeTmux, type TmuxInfo} from '../../source/terminal/tmuxProbe.js';

const ESC = '\u001B';
const BEL = '\u0007';

function notifier(mode: NotifyMode, env: NodeJS.ProcessEnv, tmux: TmuxInfo = {passthrough: false, outer: ''}) {
	const written: string[] = [];
	let probes = 0;
	const n = createNotifier({
		mode,
		env,
		write: bytes => written.push(bytes),
		probe: async () => {
			probes++;
			return tmux;
		},
	});
	return {n, written, probes: () => probes};
}

const flush = () => new Promise<void>(resolve => setImmediate(resolve));

describe('which desktop notification a terminal reads', () => {
	it.each([
		[{TERM_PROGRAM: 'iTerm.app'}, 'osc9'],
		[{LC_TERMINAL: 'iTerm2', TERM: 'xterm-256color'}, 'osc9'],
		[{TERM: 'xterm-kitty'}, 'osc99'],
		[{KITTY_WINDOW_ID: '1', TERM: 'xterm-256color'}, 'osc99'],
		[{TERM_PROGRAM: 'WezTerm'}, 'osc777'],
		[{TERM_PROGRAM: 'ghostty', TERM: 'xterm-ghostty'}, 'osc777'],
		[{TERM: 'foot'}, 'osc777'],
		[{TERM: 'foot-extra'}, 'osc777'],
		[{WT_SESSION: 'b5e0c2f4-1111-2222-3333-444455556666', TERM: 'xterm-256color'}, 'osc777'],
		[{TERM: 'xterm-256color'}, null],
		[{TERM_PROGRAM: 'Apple_Terminal'}, null],
		[{TERM: 'footnote'}, null],
	] as const)('%o → %s', (env, form) => {
		expect(desktopForm(env)).toBe(form);
	});

	it('inside tmux, what tmux says about the attached terminal wins over a leftover environment', () => {
		const env = {TMUX: '/tmp/tmux-1/default,1,0', TERM_PROGRAM: 'tmux', TERM: 'tmux-256color', KITTY_WINDOW_ID: '3'};
		expect(desktopForm(env, 'foot foot(1.17.2)')).toBe('osc777');
		expect(desktopForm(env, 'xterm-256color')).toBeNull();
		// nothing known from tmux: the leftover environment is all there is
		expect(desktopForm(env, '')).toBe('osc99');
	});
});

describe('notification text from server strings', () => {
	it('drops escape sequences, controls and separators, and stays short', () => {
		const hostile = `evil${ESC}]52;c;aGk=${BEL}title${ESC}[2J\u009b31m;x\u202etxet\nline`;
		const text = notificationText(hostile, 200);
		expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e;]/);
		expect(text).toBe('evil ]52,c,aGk= title [2J 31m,x txet line');
		expect([...notificationText('x'.repeat(300), 40)]).toHaveLength(40);
		expect(notificationText('x'.repeat(300), 40).endsWith('…')).toBe(true);
	});
});

describe('the notifier', () => {
	it('bell (the default): one BEL per notification, nothing else', () => {
		const {n, written} = notifier('bell', {TERM_PROGRAM: 'iTerm.app'});
		n.notify('ohtui', 'Fix the test waits for your confirmation');
		n.notify('ohtui', 'another');
		expect(written).toEqual([BEL, BEL]);
	});

	it('off writes nothing; desktop writes the terminal form once; both adds the BEL', () => {
		expect(notifier('off', {}).written).toEqual([]);
		const off = notifier('off', {TERM_PROGRAM: 'iTerm.app'});
		off.n.notify('ohtui', 'x');
		expect(off.written).toEqual([]);

		const iterm = notifier('desktop', {TERM_PROGRAM: 'iTerm.app'});
		iterm.n.notify('ohtui', `Fix ${ESC}[31mthe test`);
		// the screen's cleaning and masking first (issue 21 item 2): the whole escape sequence goes
		expect(iterm.written).toEqual([`${ESC}]9;ohtui: Fix the test${BEL}`]);

		const foot = notifier('both', {TERM: 'foot'});
		foot.n.notify('ohtui', 'done; really');
		expect(foot.written).toEqual([`${BEL}${ESC}]777;notify;ohtui;done, really${ESC}\\`]);

		const kitty = notifier('desktop', {TERM: 'xterm-kitty'});
		kitty.n.notify('ohtui', 'done');
		expect(kitty.written).toEqual([`${ESC}]99;;ohtui: done${ESC}\\`]);
	});

	it('desktop where the terminal has no form: the BEL stands in', () => {
		const plain = notifier('desktop', {TERM: 'xterm-256color'});
		plain.n.notify('ohtui', 'x');
		expect(plain.written).toEqual([BEL]);
	});

	it('inside tmux: BEL straight to tmux; the desktop form only through an allowed passthrough; tmux asked once', async () => {
		const env = {TMUX: '/tmp/tmux-1/default,1,0', TMUX_PANE: '%1', TERM: 'tmux-256color', TERM_PROGRAM: 'tmux'};
		const allowed = notifier('both', env, {passthrough: true, outer: 'xterm-kitty kitty(0.35.2)'});
		allowed.n.notify('ohtui', 'one');
		allowed.n.notify('ohtui', 'two');
		await flush();
		expect(allowed.written).toEqual([BEL + tmuxPassthrough(`${ESC}]99;;ohtui: one${ESC}\\`), BEL + tmuxPassthrough(`${ESC}]99;;ohtui: two${ESC}\\`)]);
		expect(allowed.written[0]).toBe(`${BEL}${ESC}Ptmux;${ESC}${ESC}]99;;ohtui: one${ESC}${ESC}\\${ESC}\\`);
		expect(allowed.probes()).toBe(1);

		const refused = notifier('both', env, {passthrough: false, outer: 'xterm-kitty'});
		refused.n.notify('ohtui', 'one');
		await flush();
		expect(refused.written).toEqual([BEL]);

		// bell only never asks tmux anything
		const bell = notifier('bell', env, {passthrough: true, outer: 'xterm-kitty'});
		bell.n.notify('ohtui', 'one');
		expect(bell.written).toEqual([BEL]);
		expect(bell.probes()).toBe(0);
	});

	it('writes nothing once closed, even when tmux answers after that', async () => {
		const env = {TMUX: '/tmp/tmux-1/default,1,0'};
		const late = notifier('desktop', env, {passthrough: true, outer: 'foot'});
		late.n.notify('ohtui', 'one');
		late.n.close();
		await flush();
		expect(late.written).toEqual([]);
	});
});

describe('asking tmux', () => {
	it('reads the client names and allow-passthrough from one tmux call, at the pane', async () => {
		const calls: (readonly string[])[] = [];
		const info = await probeTmux({TMUX: 'x', TMUX_PANE: '%7'}, async args => {
			calls.push(args);
			return {stdout: 'xterm-ghostty ghostty 1.1.3\non\n', stderr: '', failed: false};
		});
		expect(info).toEqual({passthrough: true, outer: 'xterm-ghostty ghostty 1.1.3'});
		expect(calls).toEqual([
			['display-message', '-t', '%7', '-p', '#{client_termname} #{client_termtype}', ';', 'show-options', '-Apv', '-t', '%7', 'allow-passthrough'],
		]);
	});

	it.each([
		['off\n', '', false, false],
		['all\n', '', false, true],
		['', 'invalid option: allow-passthrough\n', true, true], // tmux before 3.3 passes it through unasked
	])('allow-passthrough %j (stderr %j) → %s', async (value, stderr, failed, passthrough) => {
		const info = await probeTmux({TMUX: 'x'}, async () => ({stdout: `foot foot(1.17)\n${value}`, stderr, failed}));
		expect(info.passthrough).toBe(passthrough);
	});

	it('no tmux to ask: no passthrough', async () => {
		const info = await probeTmux({TMUX: 'x'}, async () => ({stdout: '', stderr: 'tmux: not found', failed: true}));
		expect(info).toEqual({passthrough: false, outer: ''});
	});
});
