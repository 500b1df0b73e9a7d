import {hash32} from './prng.js';
import {dates, upkeep} from './topicsPython.js';
import {services} from './topicsServices.js';
import {i18n, web, websocket} from './topicsWeb.js';
import {WORKDIR} from './workspace.js';

/** A terminal command and what it printed. */
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


const TOPICS = [dates, web, services, websocket, i18n, upkeep];

const RULES: [RegExp, Topic][] = [
	[/date|time|flaky|parsing/i, dates],
	[/dark|css|style|login|page|dashboard|\bui\b|样式/i, web],
	[/service|monolith|split|migration|auth|notification|payment|retry|billing/i, services],
	[/websocket|memory|leak|gateway|reconnect/i, websocket],
	[/übersetz|translat|i18n|deutsch/i, i18n],
	[/depend|bump|upgrade|build|nightly|document|plugin|csv|export/i, upkeep],
];

/** The topic a title is about, or one picked by its hash. */
export function topicFor(title: string | null): Topic {
	const text = title ?? '';
	for (const [pattern, topic] of RULES) if (pattern.test(text)) return topic;
	return TOPICS[hash32(text) % TOPICS.length]!;
}

export const WORKING_DIR = WORKDIR;
