import {hash32} from './prng.js';
import type {Topic} from './topic.js';
import {dates, upkeep} from './topicsPython.js';
import {services} from './topicsServices.js';
import {i18n, web, websocket} from './topicsWeb.js';
import {WORKDIR} from './workspace.js';

/** A terminal command and what it printed. */
export type {Cmd, Topic} from './topic.js';

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
