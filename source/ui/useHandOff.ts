/**
 * The UI's side of handing the terminal to the user's pager or editor (terminal/handOff.ts)
 * through Ink's suspendTerminal: Ink gives the terminal back (normal screen, cooked mode, no
 * bracketed paste), the program runs, and Ink takes it again and redraws in full.
 *
 * `page(lines)` shows lines in $PAGER: the lines exactly as the screen shows them (clean and
 * masked by the caller, as every pager line is; the user's key is scrubbed here once more).
 * Used for an event (activity `e`), the event pager (`e`) and, for other views, any text of lines.
 * `edit(text)` opens text in $EDITOR and resolves with what the user saved (null when the editor
 * failed: the footer says why). One hand-off at a time.
 */
import {useCallback, useRef} from 'react';
import {useApp, useStdin} from 'ink';
import {handOff, programFor} from '../terminal/handOff.js';
import {useUi} from './context.js';
import {scrubKnown} from '../text/knownSecrets.js';

export type HandOff = {
	page(lines: readonly string[], name?: string): Promise<void>;
	edit(text: string, name?: string): Promise<string | null>;
};

export function useHandOff(env: NodeJS.ProcessEnv = process.env): HandOff {
	const {suspendTerminal} = useApp();
	const {stdin} = useStdin();
	const {notify} = useUi();
	const busy = useRef(false);

	const run = useCallback(
		async (kind: 'pager' | 'editor', text: string, name: string): Promise<string | null> => {
			if (busy.current) return null;
			busy.current = true;
			const program = programFor(kind, env);
			try {
				const result = await handOff({program, text, name, handOver: async during => suspendTerminal(during), stdin, env});
				if (result.ok) return result.text;
				notify('error', result.reason);
			} catch (error) {
				notify('error', `${program.label}: ${error instanceof Error ? error.message : String(error)}`);
			} finally {
				busy.current = false;
			}
			return null;
		},
		[env, suspendTerminal, stdin, notify],
	);

	const page = useCallback(
		async (lines: readonly string[], name = 'ohtui.txt') => {
			await run('pager', `${lines.map(line => scrubKnown(line)).join('\n')}\n`, name);
		},
		[run],
	);
	const edit = useCallback(
		async (text: string, name = 'message.md') => {
			const saved = await run('editor', text, name);
			// editors end the file with a newline the user did not type into the box
			return saved === null ? null : saved.replace(/\r?\n$/, '');
		},
		[run],
	);
	return {page, edit};
}
