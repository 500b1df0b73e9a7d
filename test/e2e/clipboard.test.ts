// Issue 9 item 15 in a real tmux (a server of its own): with the README's `set-clipboard on`, `y`
// reaches tmux's clipboard (tmux keeps what it forwards as a paste buffer); with tmux's defaults
// the app sends nothing and says what to set.
import {execFileSync} from 'node:child_process';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {buildOnce, cliPath, tempHome} from './pty.js';

const hasTmux = (() => {
	try {
		execFileSync('tmux', ['-V'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
})();

// a server of its own for each test: kill-server returns before the old server has gone, and a
// new-session on the same socket could reach the dying one ("server exited unexpectedly", seen in CI)
let servers = 0;
let socket = `ohtui-e2e-${process.pid}-0`;
const homes: Array<{dispose(): void}> = [];

function tmux(...args: string[]): string {
	return execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], {encoding: 'utf8'});
}

function pane(): string {
	return tmux('capture-pane', '-p', '-t', 'app');
}

async function waitForPane(check: (text: string) => boolean, what: string): Promise<string> {
	const deadline = Date.now() + 15_000;
	for (;;) {
		const text = pane();
		if (check(text)) return text;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${text}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 50));
	}
}

function start(options: Record<string, string>): void {
	const home = tempHome();
	homes.push(home);
	socket = `ohtui-e2e-${process.pid}-${++servers}`;
	// the server starts with the options set before the app runs (and asks)
	tmux('new-session', '-d', '-s', 'app', '-x', '120', '-y', '40', 'sleep 600');
	for (const [name, value] of Object.entries(options)) tmux('set', '-g', name, value);
	tmux(
		'respawn-pane',
		'-k',
		'-t',
		'app',
		`env -u CI HOME=${home.home} XDG_CONFIG_HOME=${home.home} ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)}`,
	);
}

beforeAll(() => {
	if (hasTmux) buildOnce();
}, 120_000);

afterEach(() => {
	try {
		tmux('kill-server');
	} catch {
		// not running
	}
	for (const home of homes.splice(0)) home.dispose();
});

describe.skipIf(!hasTmux)('y inside tmux', () => {
	it('set-clipboard on: plain OSC 52, which tmux takes as its clipboard; "copied" is true', async () => {
		start({'set-clipboard': 'on'});
		await waitForPane(text => /\d+ loaded/.test(text), 'the app');
		tmux('send-keys', '-t', 'app', '3');
		// the demo's two servers: each row starts with its server's name (the agent server has no sandboxes)
		const screen = await waitForPane(text => /STATUS[\s\S]*› \w+ +oh-agent-server-\w+/.test(text), 'the sandboxes');
		const id = /› \w+ +(oh-agent-server-\w+)/.exec(screen)![1]!;
		tmux('send-keys', '-t', 'app', 'y');
		await waitForPane(text => text.includes('copied oh-agent-server'), 'the notice');
		expect(tmux('show-buffer')).toBe(id);
	});

	it("tmux's defaults (set-clipboard external, no passthrough): nothing sent, the notice says what to set", async () => {
		start({'set-clipboard': 'external', 'allow-passthrough': 'off'});
		await waitForPane(text => /\d+ loaded/.test(text), 'the app');
		tmux('send-keys', '-t', 'app', '3');
		await waitForPane(text => /STATUS[\s\S]*› \w+ +oh-agent-server/.test(text), 'the sandboxes');
		tmux('send-keys', '-t', 'app', 'y');
		const text = await waitForPane(t => t.includes('cannot copy inside tmux'), 'the refusal');
		expect(text).toContain('tmux set -g set-clipboard on');
		expect(text).not.toContain('copied');
		expect(() => tmux('show-buffer')).toThrow();
	});
});
