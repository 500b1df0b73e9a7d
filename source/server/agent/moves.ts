import type {ToolResult} from '../events/model.js';
import type {Cmd, Topic} from '../events/topics.js';
import {WORKING_DIR} from '../events/topics.js';
import type {Micros} from '../time.js';
import type {Agent, Beat} from './agent.js';

/**
 * The agent's moves as beats: an action, then (after the tool ran) its observation; endings that
 * change the execution status. Plans string them together (plans.ts).
 */

const numbered = (lines: string[], from = 1) =>
	lines.map((line, i) => `${String(from + i).padStart(6, ' ')}\t${line}`).join('\n');

type TopicTexts = {viewOutput: string; editOutput: string; before: string; after: string};
const texts = new WeakMap<Topic, TopicTexts>();

/** The file editor's outputs, built once per topic: 10,000 events share them instead of holding copies. */
function topicTexts(topic: Topic): TopicTexts {
	let t = texts.get(topic);
	if (!t) {
		const {path, oldStr, newStr} = topic.edit;
		const before = topic.view.path === path ? topic.view.lines.join('\n') : oldStr;
		t = {
			viewOutput: `Here's the result of running \`cat -n\` on ${topic.view.path}:\n${numbered(topic.view.lines)}\n`,
			editOutput: [
				`The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of ${path}:`,
				numbered(newStr.split('\n'), 5),
				'Review the changes and make sure they are as expected. Edit the file again if necessary.',
			].join('\n'),
			before,
			after: before.includes(oldStr) ? before.replace(oldStr, newStr) : newStr,
		};
		texts.set(topic, t);
	}
	return t;
}

/** `{{ghp_}}` in a topic's text: a token of that prefix, made up per conversation (none lives in the source). */
function withTokens(agent: Agent, text: string): string {
	if (!text.includes('{{')) return text;
	return text.replace(/\{\{([\w-]+)\}\}/g, (_, prefix: string) => agent.secret(prefix));
}

export function terminal(agent: Agent, thought: string, cmd: Cmd): Beat[] {
	let action: ReturnType<Agent['act']> | undefined;
	cmd = {...cmd, command: withTokens(agent, cmd.command), output: withTokens(agent, cmd.output)};
	return [
		{gap: 'llm', run: us => (action = agent.act(us, thought, {tool: 'terminal', command: cmd.command, timeout: null}))},
		{
			gap: 'tool',
			run: us =>
				agent.observe(us, action!, {
					tool: 'terminal',
					command: cmd.command,
					output: cmd.output,
					exitCode: cmd.exitCode,
					workingDir: WORKING_DIR,
				}),
		},
	];
}

export function view(agent: Agent, thought: string): Beat[] {
	const {path} = agent.topic.view;
	let action: ReturnType<Agent['act']> | undefined;
	return [
		{gap: 'llm', run: us => (action = agent.act(us, thought, {tool: 'file_editor', command: 'view', path}))},
		{
			gap: 'tool',
			run: us =>
				agent.observe(us, action!, {
					tool: 'file_editor',
					command: 'view',
					path,
					output: topicTexts(agent.topic).viewOutput,
					isError: false,
					prevExist: true,
					oldContent: null,
					newContent: null,
				}),
		},
	];
}

export function edit(agent: Agent, thought: string): Beat[] {
	const {path, oldStr, newStr} = agent.topic.edit;
	const {before, after, editOutput} = topicTexts(agent.topic);
	let action: ReturnType<Agent['act']> | undefined;
	return [
		{
			gap: 'llm',
			run: us => (action = agent.act(us, thought, {tool: 'file_editor', command: 'str_replace', path, oldStr, newStr})),
		},
		{
			gap: 'tool',
			run: us =>
				agent.observe(us, action!, {
					tool: 'file_editor',
					command: 'str_replace',
					path,
					output: editOutput,
					isError: false,
					prevExist: true,
					oldContent: before,
					newContent: after,
				}),
		},
	];
}

export function browse(agent: Agent, thought: string): Beat[] {
	const {url, page} = agent.topic.browse;
	let action: ReturnType<Agent['act']> | undefined;
	return [
		{gap: 'llm', run: us => (action = agent.act(us, thought, {tool: 'browser_navigate', url}))},
		{gap: 'tool', run: us => agent.observe(us, action!, {tool: 'browser_navigate', output: page})},
	];
}

/** A tool call the SDK could not parse: an `AgentErrorEvent`, fed back to the model (4.4). */
export function toolError(agent: Agent): Beat[] {
	const error = agent.topic.toolError ?? agent.topic.error;
	const tool = /browser_navigate/.test(error) ? 'browser_navigate' : /file_editor/.test(error) ? 'file_editor' : 'terminal';
	return [{gap: 'llm', run: us => agent.emit(us, {kind: 'AgentErrorEvent', callId: agent.callId(), tool, error})}];
}

export function think(agent: Agent, thought: string): Beat[] {
	let action: ReturnType<Agent['act']> | undefined;
	return [
		{gap: 'llm', run: us => (action = agent.act(us, '', {tool: 'think', thought}))},
		{gap: 'instant', run: us => agent.observe(us, action!, {tool: 'think'})},
	];
}

/** `FinishAction` → `FinishObservation` → `finished`: how the final answer usually arrives (4.5). */
export function finish(agent: Agent, say: () => string): Beat[] {
	let action: ReturnType<Agent['act']> | undefined;
	let message = '';
	return [
		{gap: 'llm', run: us => (action = agent.act(us, '', {tool: 'finish', message: (message = say())}))},
		{gap: 'instant', run: us => agent.observe(us, action!, {tool: 'finish', message})},
		{gap: 'instant', run: us => agent.setStatus(us, 'finished')},
	];
}

/** A reply without a tool call ends the turn too. */
export function answer(agent: Agent, say: () => string): Beat[] {
	return [
		{
			gap: 'llm',
			run: us => agent.emit(us, {kind: 'MessageEvent', role: 'assistant', content: [{type: 'text', text: say()}], responseId: agent.responseId()}, 'agent'),
		},
		{gap: 'instant', run: us => agent.setStatus(us, 'finished')},
	];
}

/**
 * An action the security analyzer rates HIGH under a confirm-risky policy: it is emitted without an
 * observation and the conversation waits for the user (6: pending = actions with no observation).
 */
export function risky(agent: Agent): Beat[] {
	const {command, thought} = agent.topic.risky;
	const result: ToolResult = {tool: 'terminal', command, output: riskyOutput(command), exitCode: 0, workingDir: WORKING_DIR};
	let action: ReturnType<Agent['act']> | undefined;
	return [
		{gap: 'llm', run: us => (action = agent.act(us, thought, {tool: 'terminal', command, timeout: null}, 'HIGH', false))},
		{
			gap: 'instant',
			run: us => {
				const observe = (at: Micros) => agent.observe(at, action!, result);
				if (agent.confirms(agent.rate('HIGH'))) {
					agent.pending.push({action: action!, run: observe});
					agent.queue = [];
					agent.setStatus(us, 'waiting_for_confirmation');
				} else {
					// a policy that does not ask (NeverConfirm): the command runs and the agent wraps up
					agent.queue.unshift({gap: 'tool', run: observe}, ...finish(agent, () => agent.topic.finish));
				}
			},
		},
	];
}

function riskyOutput(command: string): string {
	if (command.startsWith('git push')) return 'To github.com:acme/project.git\n   9c1d2e4..3f7a1b2  HEAD -> main';
	if (command.startsWith('rm -rf')) return 'added 1287 packages, and audited 1288 packages in 41s\n\n214 packages are looking for funding\n  run `npm fund` for details\n\nfound 0 vulnerabilities';
	if (command.startsWith('psql')) return 'DROP TABLE';
	if (command.startsWith('kubectl')) return 'deployment.apps/gateway restarted';
	return 'Successfully installed click-8.1.7 pydantic-2.9.2 requests-2.32.3 SQLAlchemy-2.0.36 urllib3-2.2.3';
}

/** The condenser's request and its summary, forgetting the oldest part of the history (4.4). */
export function condense(agent: Agent): Beat[] {
	return [
		{gap: 'instant', run: us => agent.emit(us, {kind: 'CondensationRequest'})},
		{
			gap: 'llm',
			run: us => {
				const events = agent.log.events;
				// keep the system prompt, the first user message and the recent tail; forget what lies
				// between the previous condensation (or the start) and the tail
				let from = 2;
				for (let i = events.length - 1; i >= 2; i--) {
					if (events[i]!.body.kind === 'Condensation') {
						from = i + 1;
						break;
					}
				}
				const to = Math.max(from, events.length - 20);
				const forgotten = events.slice(from, to).map(e => e.id);
				agent.emit(us, {
					kind: 'Condensation',
					forgotten,
					summary: `USER_CONTEXT: ${agent.topic.detail}\nCOMPLETED: explored the repository, reproduced the failure (${agent.topic.testFail.command}).\nPENDING: apply the fix in ${agent.topic.edit.path} and re-run the tests.`,
					offset: 1,
					responseId: agent.responseId(),
				});
			},
		},
	];
}

/** A beat that happens at once: for events caused by a request (pause, reject, a user message). */
export const now = (run: (us: Micros) => void): Beat => ({gap: 'instant', run});
