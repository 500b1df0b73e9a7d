// Issue 27 item 1 through the commands over real HTTP: a conversation waiting on an action whose
// command, its quote in a message and the observation's `command:` carry credentials of the round-4
// corpus, and whose title carries one too. `show`, `show --json` and `ls --json` print none of them.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startActivityServer, type ActivityServer} from '../support/activityServer.js';
import {hostileRaw} from '../text/channels.js';
import {SHAPES, leaks} from '../text/secretCorpus.js';
import {ohtui, tempHome, type Home} from './harness.js';

const CONV = 'ca3b40cdc88c4d06b14b1cff914b81cb';
// the families one string took through several channels, and a few shapes
const CARRIED = SHAPES.filter(shape => shape.family === 'command' || ['Vault hvs. token', 'Grafana glsa_ with its tail', 'Kubernetes env pair in JSON', 'jdbc oracle user/password@'].includes(shape.what));

describe('secrets in events, through show and ls', () => {
	let server: ActivityServer;
	let home: Home;
	let env: Record<string, string>;
	beforeAll(async () => {
		server = await startActivityServer('current');
		const start = Date.UTC(2025, 10, 15, 8, 0, 0);
		const events = CARRIED.flatMap((shape, i) => hostileRaw(shape.text, new Date(start + i * 1000).toISOString().replace('Z', '000')));
		// the last action waits for confirmation: its answer is not there yet
		events.pop();
		events.push({kind: 'ConversationStateUpdateEvent', id: 'f0000000-0000-4000-8000-000000000001', timestamp: '2025-11-15T08:59:00.000000', source: 'environment', key: 'execution_status', value: 'waiting_for_confirmation'});
		server.sandboxes.set('sb-1', {id: 'sb-1', status: 'RUNNING', key: 'sess-Zq8Xw3Rt6Yu1Io4Pa7Sd'});
		server.conversations.set(CONV, {id: CONV, sandboxId: 'sb-1', title: `deploy with ${CARRIED[0]!.text}`, execution: 'waiting_for_confirmation', events});
		home = tempHome();
		env = {...home.env, OPENHANDS_URL: server.url};
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it.each([[['show', CONV.slice(0, 8), '--events', '100']], [['show', CONV.slice(0, 8), '--events', '100', '--json']], [['ls', '--json']], [['ls']]])('%j', async argv => {
		const {code, out, err} = await ohtui(argv, {env, columns: 400});
		expect(code).toBe(0);
		expect(CARRIED.filter(shape => leaks(out + err, shape.secret)).map(shape => shape.what)).toEqual([]);
		expect(out).toContain('alice:••••');
	});
});
