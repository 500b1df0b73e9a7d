// The built app in a real pty against a server whose every title, id, repository, url and detail
// carries terminal attacks (test/support/hostile.ts): OSC window titles, clear-screen, cursor
// moves, colour, BEL, 8-bit CSI, bidi overrides, 10,000-character titles, wide, zero-width and
// emoji text. Nothing of it may reach the terminal as a sequence, the layout must hold, and
// neither the configured key nor a sandbox's session key may appear in any byte written.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildOnce, type PtySession} from './pty.js';
import {
	columnOf,
	replay,
	ROWS,
	rowText,
	STATUS_WORD,
	startApp,
	TAB_LINE,
	waitForScreen,
	wrappedRows,
} from '../support/appSession.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {HOSTILE_MARKERS} from '../support/hostile.js';

const KEY = 'sk-oh-hostile-8d4f2a6c1e9b';

describe.each([
	['legacy', '/api/settings'],
	['current', '/api/v1/settings'],
] as const)('hostile server strings (%s)', (generation, settingsPath) => {
	let server: FaultServer;
	let app: PtySession;
	/** raw bytes up to each screen worth checking, by name */
	const snapshots = new Map<string, string>();
	let sessionKeys: string[] = [];

	async function settle(what: string, check: (screen: string) => boolean): Promise<void> {
		await waitForScreen(app, check, what);
		// let a second frame (e.g. a page that follows) land before the snapshot
		await new Promise(resolve => setTimeout(resolve, 300));
		snapshots.set(what, app.raw);
	}

	beforeAll(async () => {
		buildOnce();
		server = await startFaultServer({upstream: {generation, bootMs: 0, apiKey: KEY}});
		// current servers guard V1 with the key (shared/openhands-api-newer.md 3); legacy ones do not
		const listed = await fetch(`${server.upstream.url}/api/v1/sandboxes/search`, {headers: {'X-Session-API-Key': KEY}});
		const page = (await listed.json()) as {items: Array<{session_api_key: string | null}>};
		sessionKeys = page.items.map(s => s.session_api_key).filter((k): k is string => Boolean(k));
		await server.hostile();
		app = startApp({url: server.url, key: KEY});
		await app.waitForText('Sandboxes');
		app.press('1');
		await settle('settings', screen => screen.includes('CodeActAgent'));
		app.press('2');
		await settle('conversations', screen => /\d+ loaded/.test(screen) && screen.includes('漢字'));
		app.press('\r');
		await settle('conversation detail', screen => screen.includes('session api key'));
		app.press('\u001B');
		app.press('3');
		// the sandboxes header (SPEC … URLS) first: the conversations screen also has status words and 漢字
		await settle('sandboxes', screen => /\bSPEC\b.*\bURLS\b/.test(screen) && STATUS_WORD.test(screen) && screen.includes('漢字'));
		app.press('\r');
		await settle('sandbox detail', screen => /Sandbox /.test(screen));
		app.press('\u001B');
		app.press('4');
		await settle('specs', screen => /\d+ loaded/.test(screen) && screen.includes('漢字'));
		app.press('q');
		await app.waitForExit();
	}, 120_000);

	afterAll(async () => {
		app?.dispose();
		await server?.close();
	});

		it('the server really sent hostile strings on every tab', () => {
			const hostile = server.requests.filter(r => r.fault === 'hostile').map(r => r.path);
			for (const path of [settingsPath, '/api/v1/app-conversations/search', '/api/v1/sandboxes/search', '/api/v1/sandbox-specs/search']) {
				expect(hostile).toContain(path);
			}
		});

		it('no escape sequence from the server reaches the terminal', () => {
			const raw = app.raw;
			expect(raw).not.toContain(']0;pwned');
			expect(raw).not.toContain(']2;pwned');
			expect(raw).not.toContain('pwned');
			expect(raw).not.toContain(HOSTILE_MARKERS.clearScreen);
			expect(raw).not.toContain(HOSTILE_MARKERS.cursorMove);
			expect(raw).not.toContain(`${HOSTILE_MARKERS.colour}${HOSTILE_MARKERS.bell}`);
			expect(raw).not.toContain('\u0007');
			expect(raw).not.toContain('\u009B');
			expect(raw).not.toContain('\u202E');
			// no OSC window or icon title but the app's own (issue 19: `ohtui · 2 need you`), whoever wrote it
			expect(raw.replace(/\u001B\]2;ohtui(?: · \d+ needs? you)?\u001B\\/g, '')).not.toMatch(/\u001B\][012];/);
			// C1 controls and DEL never: the app writes 7-bit sequences only
			expect(raw).not.toMatch(/[\u007F-\u009F]/);
		});

		it.each(['settings', 'conversations', 'conversation detail', 'sandboxes', 'sandbox detail', 'specs'])(
			'%s: header, tabs and keys line stay at their rows and no line overflows 120 columns',
			async name => {
				const terminal = await replay(snapshots.get(name)!);
				try {
					expect(rowText(terminal, 0)).toMatch(/^ohtui 127\.0\.0\.1:\d+|^ohtui http:\/\/127\.0\.0\.1:\d+/);
					expect(rowText(terminal, 1)).toMatch(TAB_LINE);
					const bottom = [rowText(terminal, ROWS - 1), rowText(terminal, ROWS - 2)].join('\n');
					expect(bottom).toMatch(/q quit/);
					expect(wrappedRows(terminal)).toEqual([]);
					const screen = Array.from({length: ROWS}, (_, row) => rowText(terminal, row)).join('\n');
					expect(screen).not.toMatch(/pwned|[\u200B\u202E\u2060]/);
				} finally {
					terminal.dispose();
				}
			},
		);

		it('sandbox rows keep their columns: every status starts under STATUS despite wide ids', async () => {
			const terminal = await replay(snapshots.get('sandboxes')!);
			try {
				const headerRow = Array.from({length: ROWS}, (_, row) => row).find(row => /\bID\b.*\bSTATUS\b/.test(rowText(terminal, row)));
				expect(headerRow).toBeDefined();
				const statusColumn = columnOf(terminal, headerRow!, 'STATUS');
				const rows = Array.from({length: ROWS}, (_, row) => row).filter(row => STATUS_WORD.test(rowText(terminal, row)));
				expect(rows.length).toBeGreaterThan(0);
				for (const row of rows) {
					const word = STATUS_WORD.exec(rowText(terminal, row))![1]!;
					expect(columnOf(terminal, row, word), rowText(terminal, row)).toBe(statusColumn);
				}
			} finally {
				terminal.dispose();
			}
		});

		it('neither the configured key nor a session key appears in any byte written', () => {
			expect(sessionKeys.length).toBeGreaterThan(0);
			expect(app.raw).not.toContain(KEY);
			for (const key of sessionKeys) expect(app.raw).not.toContain(key);
		});

		it('the terminal is restored at the end', () => {
			expect(app.bufferType()).toBe('normal');
			expect(app.raw.lastIndexOf('\u001B[?1049l')).toBeGreaterThan(app.raw.lastIndexOf('\u001B[?1049h'));
		});
});
