/** The shape of a topic (./topics.ts): apart so each topic's file can name it without importing the list of them. */
export type Cmd = {command: string; output: string; exitCode: number};

/**
 * The material of one kind of task: what the agent runs, reads, edits and browses. Trajectories
 * draw their moves from it, so a conversation about date parsing talks about date parsing.
 */
export type Topic = {
	name: string;
	detail: string;
	explore: Cmd[];
	view: {path: string; lines: string[]};
	edit: {path: string; oldStr: string; newStr: string};
	testFail: Cmd;
	testPass: Cmd;
	browse: {url: string; page: string};
	risky: {command: string; thought: string};
	followUp: string;
	finish: string;
	/** what goes wrong: a malformed tool call's error, or a failed model call (the conversation's error: agent/plans.ts `errorPlan`) */
	error: string;
	/** a malformed tool call's error where `error` is a failed model call (an agent does not carry on after one of those) */
	toolError?: string;
};
