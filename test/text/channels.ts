/**
 * Every channel that shows server text, as functions of one string (issue 27 item 1): the string as
 * a conversation's title, as an agent's message quoting it, as the command of an action and of its
 * observation, as the output, and what each channel makes of that (a row, the pager, `show`,
 * `show --json`, `ls --json`, a notification's bytes, a notify command's environment, settings,
 * specs, sandbox URLs). Used by test/present/secretChannels.test.ts and test/bench/masking.bench.ts.
 */
import type {ConversationEvent} from '../../source/api/schemas/event.js';
import {conversationJson, judge} from '../../source/commands/conversationRows.js';
import {eventJson, eventLine} from '../../source/commands/show.js';
import {attentionLine, pendingGist} from '../../source/present/attentionText.js';
import {eventDetail} from '../../source/present/events/detail.js';
import {answerOf} from '../../source/present/events/pending.js';
import {summarizeEvent} from '../../source/present/events/summarize.js';
import {createNotifier} from '../../source/terminal/notify.js';
import {commandEnv} from '../../source/terminal/notifyCommand.js';
import {maskArgv, maskEnvValue, maskTitle, maskUrlSecrets} from '../../source/text/secrets.js';
import {commandLine} from '../../source/ui/views/settingsEntries.js';
import type {RawEvent} from '../support/eventData.js';
import {event} from '../ui/eventFixtures.js';
import {conversation} from '../ui/fixtures.js';

const text = (t: string) => ({type: 'text', text: t});
let serial = 0;

/**
 * One step carrying `shape` in every field that shows it, as a server sends it: a message quoting it
 * (inline and on a line of its own), an action running it (its thought quoting it too) and the
 * observation answering it (its `command` and its output).
 */
export function hostileRaw(shape: string, at = '2025-11-15T09:12:10.000000'): RawEvent[] {
	const n = String(++serial).padStart(12, '0');
	return [
		{kind: 'MessageEvent', id: `00000000-0000-4000-8000-${n}`, timestamp: at, source: 'agent', llm_message: {role: 'assistant', content: [text(`I will run \`${shape}\` now.\nAfter that:\n${shape}\nand check.`)]}},
		{kind: 'ActionEvent', id: `00000000-0000-4000-8001-${n}`, timestamp: at, source: 'agent', thought: [text(`Quoting it: ${shape}`)], action: {kind: 'TerminalAction', command: shape, is_input: false}, tool_name: 'terminal', tool_call_id: `call_${n}`, tool_call: {id: `call_${n}`, name: 'terminal', arguments: JSON.stringify({command: shape}), origin: 'completion'}, security_risk: 'LOW'},
		{kind: 'ObservationEvent', id: `00000000-0000-4000-8002-${n}`, timestamp: at, source: 'environment', tool_name: 'terminal', tool_call_id: `call_${n}`, observation: {kind: 'TerminalObservation', content: [text(`+ ${shape}\n${shape}`)], command: shape, exit_code: 0, is_error: false}, action_id: `00000000-0000-4000-8001-${n}`},
	];
}

/** The same step, read by the client's schema (what the store hands the views). */
export function hostileEvents(shape: string): ConversationEvent[] {
	return hostileRaw(shape).map(raw => event(raw));
}

export type Channel = (shape: string) => string;

/** What each channel shows of one string (joined, for a search). */
export const CHANNELS: Record<string, Channel> = {
	title: shape => maskTitle(shape),
	'activity row': shape => hostileEvents(shape).map(e => summarizeEvent(e).text).join('\n'),
	pager: shape => {
		const events = hostileEvents(shape);
		return events.flatMap((e, i) => eventDetail(e, answerOf(events, i))).map(line => line.text).join('\n');
	},
	show: shape => hostileEvents(shape).map(e => eventLine(e, null)).join('\n'),
	'show --json': shape => JSON.stringify(hostileEvents(shape).map(eventJson)),
	'ls --json': shape => JSON.stringify(conversationJson(judge('local', conversation({title: shape, selected_repository: shape}), null), false)),
	notification: shape => {
		const written: string[] = [];
		const notifier = createNotifier({mode: 'desktop', env: {TERM_PROGRAM: 'iTerm.app'}, write: bytes => written.push(bytes)});
		const events = hostileEvents(shape);
		const item = {key: 'k', subject: 'conversation' as const, id: 'c1', state: 'waiting_for_confirmation', title: shape, at: 0};
		notifier.notify('ohtui', attentionLine(item, {waitsFor: pendingGist(events.slice(0, 2))}));
		notifier.notify('ohtui', attentionLine({...item, title: 'x'}, {waitsFor: pendingGist(events.slice(0, 2))}));
		return written.join('\n');
	},
	'notify command env': shape => {
		const events = hostileEvents(shape);
		const waitsFor = pendingGist(events.slice(0, 2));
		const item = {key: 'k', subject: 'conversation' as const, id: 'c1', state: 'waiting_for_confirmation', title: shape, at: 0};
		const env = commandEnv({}, {event: 'needs-you', server: 'local', id: 'c1', status: 'waiting', title: shape, waitsFor, text: attentionLine(item, {waitsFor})});
		return Object.values(env).join('\n');
	},
	settings: shape => {
		const [command = null, ...args] = shape.split(/\s+/);
		return [commandLine(command, args), maskArgv(['sh', '-c', shape]), maskEnvValue('EXTRA_ARGS', shape), maskUrlSecrets(shape)].join('\n');
	},
	specs: shape => [maskArgv(shape.split(/\s+/)), maskEnvValue('STARTUP', shape)].join('\n'),
	'sandbox url': shape => maskUrlSecrets(shape),
};
