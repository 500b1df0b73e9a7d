/**
 * The demo's two servers (issue 16 §3), `app` (the app-server stand-in with the demo's story) and
 * `agent` (the agent-server stand-in): what the terminal tests need to pick one of them.
 */
import type {PtySession} from './pty.js';

/** `n` asks which server first (the selected row's first): move to `name`'s line, leave it selected. */
export async function newConversationOn(session: PtySession, name: 'app' | 'agent'): Promise<void> {
	session.press('n');
	await session.waitForText('New conversation on which server?');
	const line = new RegExp(`^› ${name}$`, 'm');
	for (let i = 0; i < 2 && !line.test(session.screenText()); i++) {
		const before = session.screenText();
		session.press('j');
		// eslint-disable-next-line no-await-in-loop
		await session.waitForText({test: (screen: string) => screen !== before} as unknown as RegExp);
	}

	await session.waitForText(line);
}

/** Moves the list's selection down to the first row of `name`'s (a row starts with its server's name). */
export async function selectServerRow(session: PtySession, name: 'app' | 'agent'): Promise<void> {
	const selected = new RegExp(`^› ${name} `, 'm');
	for (let i = 0; i < 30 && !selected.test(session.screenText()); i++) {
		const before = session.screenText();
		session.press('j');
		// eslint-disable-next-line no-await-in-loop
		await session.waitForText({test: (screen: string) => screen !== before} as unknown as RegExp);
	}

	await session.waitForText(selected);
}
