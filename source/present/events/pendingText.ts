/**
 * A pending action as a confirmation shows it (issue 26 item 3: at 80 columns `!` read `approve “…`
 * and the list's dialog was cut before the command and its risk): the tool and the whole command,
 * line by line (a heredoc is several), or the one-line gist of any other action; and the risk
 * apart, so a dialog can cut the command and never the risk. Clean and masked.
 */
import type {ConversationEvent} from '../../api/schemas/event.js';
import {clean} from '../../text/sanitize.js';
import {obj, str} from './fields.js';
import {summarizeEvent} from './summarize.js';
import {pagerLines} from './text.js';

export type PendingText = {lines: string[]; risk: string | null};

/** Lines of one command kept for a dialog: more than a screen holds. */
const MAX_LINES = 200;
const TERMINAL = new Set(['ExecuteBashAction', 'TerminalAction', 'CmdRunAction']);

export function pendingText(action: ConversationEvent): PendingText {
	const risk = str(action.raw['security_risk']);
	const tool = clean(str(action.raw['tool_name']));
	const act = obj(action.raw['action']);
	const command = act && TERMINAL.has(str(act['kind']) ?? '') && act['is_input'] !== true && act['reset'] !== true ? (str(act['command']) ?? '') : null;
	let body = command ? pagerLines(command.slice(0, 64_000)).slice(0, MAX_LINES) : [];
	while (body.length > 0 && !body.at(-1)!.trim()) body.pop();
	body = body.length > 0 ? [`$ ${body[0]!.trimStart()}`, ...body.slice(1)] : [summarizeEvent(action).text];
	return {lines: [`${tool ? `${tool} ` : ''}${body[0]}`, ...body.slice(1)], risk: risk ? `risk ${clean(risk)}` : null};
}
