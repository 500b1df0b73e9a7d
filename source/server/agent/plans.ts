import type {Agent, Beat} from './agent.js';
import {answer, browse, condense, edit, finish, risky, terminal, think, toolError, view} from './moves.js';

/** How a run ends: the final answer, a plain reply, a risky action to confirm, or not yet. */
export type Ending = 'finish' | 'answer' | 'confirm' | 'none';

/** moves between two condensations: the default condenser keeps about this many (condenser_max_size 120 events) */
const CONDENSE_EVERY = 50;

type Move = (agent: Agent) => Beat[];

const EXPLORE: Move = agent => {
	const cmd = agent.plot.pick(agent.topic.explore);
	return terminal(agent, agent.plot.pick(['Let me look around the repository first.', 'Let me check the current state of the code.', 'I will look at how this is wired up.']), cmd);
};
const VIEW: Move = agent => view(agent, agent.plot.pick(['Let me read the relevant file.', `Let me open ${agent.topic.view.path.split('/').pop()}.`, 'I need to see the code before changing it.']));
const TEST_FAIL: Move = agent => terminal(agent, 'Let me reproduce the problem first.', agent.topic.testFail);
const TEST_PASS: Move = agent => terminal(agent, 'Now let me run the checks again.', agent.topic.testPass);
const EDIT: Move = agent => edit(agent, agent.plot.pick(['I found the cause. Let me fix it.', 'Now I will make the change.', 'This is the minimal change that addresses it.']));
const BROWSE: Move = agent => browse(agent, 'Let me check the documentation to be sure about the behaviour.');
const THINK: Move = agent =>
	think(agent, `The output points at ${agent.topic.edit.path.split('/').pop()}. Before changing it I want to be sure that is the cause and not a symptom; the change should stay minimal.`);

/** One round of work, in order; a plan walks it from some point, skipping the optional moves now and then. */
const ROUND: {move: Move; optional?: boolean}[] = [
	{move: EXPLORE},
	{move: VIEW},
	{move: TEST_FAIL},
	{move: BROWSE, optional: true},
	{move: THINK, optional: true},
	{move: EDIT},
	{move: TEST_PASS},
];

const FOLLOW_UPS = [
	'Thanks. Can you double-check the edge cases and run the full suite?',
	'CI went red on the last push. Can you take a look?',
	'Please write a short summary of what changed for the PR description.',
	'One more thing: the linter complains about the new code.',
];

/** What a user says next: the topic's own follow-up first, then everyday requests. */
export function followUp(agent: Agent, nth: number): string {
	return nth === 0 ? agent.topic.followUp : FOLLOW_UPS[(nth - 1 + agent.plot.int(0, FOLLOW_UPS.length - 1)) % FOLLOW_UPS.length]!;
}

const AGAIN = [
	'I went over it once more and re-ran the checks; everything passes.',
	'Done, and the full suite is green again.',
	'That is in now. I kept the change small so it is easy to review.',
];

export function endingBeats(agent: Agent, ending: Ending): Beat[] {
	// the topic's summary the first time, shorter notes after that (decided when it is said)
	const text = () => {
		const first = !agent.log.events.some(
			e => e.source === 'agent' && (e.body.kind === 'MessageEvent' || (e.body.kind === 'ActionEvent' && e.body.call.tool === 'finish')),
		);
		return first ? agent.topic.finish : agent.plot.pick(AGAIN);
	};
	switch (ending) {
		case 'finish':
			return finish(agent, text);
		case 'answer':
			return answer(agent, text);
		case 'confirm':
			return risky(agent);
		case 'none':
			return [];
	}
}

function counted(agent: Agent, move: Move): Beat[] {
	const beats: Beat[] = [];
	if (++agent.sinceCondensation >= CONDENSE_EVERY) {
		agent.sinceCondensation = 0;
		beats.push(...condense(agent));
	}
	return [...beats, ...move(agent)];
}

/**
 * The first run on a task: explore, read, reproduce, maybe read the docs, maybe a malformed tool
 * call, fix, verify, end.
 */
export function taskPlan(agent: Agent, ending: Ending, options: {browse?: boolean; error?: boolean} = {}): Beat[] {
	const moves: Move[] = [EXPLORE, VIEW, TEST_FAIL];
	if (options.browse) moves.push(BROWSE);
	if (options.error) moves.push(a => toolError(a), VIEW);
	moves.push(EDIT, TEST_PASS);
	return [...moves.flatMap(move => counted(agent, move)), ...endingBeats(agent, ending)];
}

/** `count` moves of ongoing work (picking up the round somewhere), then the ending. */
export function workPlan(agent: Agent, count: number, ending: Ending): Beat[] {
	const beats: Beat[] = [];
	let i = agent.plot.int(0, ROUND.length - 1);
	for (let done = 0; done < count; i++) {
		const step = ROUND[i % ROUND.length]!;
		if (step.optional && agent.plot.chance(0.6)) continue;
		beats.push(...counted(agent, step.move));
		done++;
	}
	return [...beats, ...endingBeats(agent, ending)];
}

/** The same failing command again and again: what the stuck detector catches. */
export function stuckPlan(agent: Agent): Beat[] {
	const cmd = agent.topic.testFail;
	const beats: Beat[] = [];
	for (let i = 0; i < 4; i++) beats.push(...terminal(agent, 'Let me run the tests again.', cmd));
	beats.push({gap: 'instant', run: us => agent.setStatus(us, 'stuck')});
	return beats;
}

/** A conversation-level failure (the LLM call itself failed): `ConversationErrorEvent`, then `error`. */
export function errorPlan(agent: Agent): Beat[] {
	const auth = /auth|key/i.test(agent.topic.error);
	return [
		{
			gap: 'llm',
			run: us =>
				agent.emit(us, {
					kind: 'ConversationErrorEvent',
					code: auth ? 'LLMAuthenticationError' : 'LLMRateLimitError',
					detail: auth ? 'litellm.AuthenticationError: invalid x-api-key' : 'litellm.RateLimitError: rate limit exceeded, retries exhausted',
				}),
		},
		{gap: 'instant', run: us => agent.setStatus(us, 'error')},
	];
}
