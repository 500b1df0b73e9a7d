/**
 * Opens a conversation's activity by its title through the list's `/` filter. Walking the list with
 * `j` raced the list itself: rows are sorted attention first and move while the app loads (glimpses,
 * states), so a row could pass above the selection and `l` opened another conversation (live.test,
 * shuffled under load). The filter leaves the one row, wherever it sorts.
 */
import type {PtySession} from './pty.js';

const selectedLine = (session: PtySession) => session.screenText().split('\n').find(line => line.trimStart().startsWith('›')) ?? '';

/** From the Conversations list: `/` TITLE, Enter, then `l`; checks the activity's header names TITLE. */
export async function openByTitle(session: PtySession, title: string, timeoutMs = 30_000): Promise<void> {
	const part = title.slice(0, 20);
	await session.waitForText(part, timeoutMs);
	session.press('/');
	await session.waitForText('Enter keep');
	// a bracketed paste: one insert, however the title's characters are bound
	session.press(`\u001B[200~${title}\u001B[201~`);
	await session.waitForText(`/ ${part}`);
	session.press('\r');
	await session.waitForText({test: () => selectedLine(session).includes(part)} as unknown as RegExp);
	session.press('l');
	await session.waitForText('Esc back');
	const header = session.screenText().split('\n')[2] ?? '';
	if (!header.startsWith(part)) throw new Error(`l opened another conversation than ${title}:\n${session.screenText()}`);
}
