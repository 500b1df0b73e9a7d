// Issue 21 item 2 after the commands landed (issue 20): a token in a conversation's title is masked
// in every command's output (ls, ls --json, show, status), like on the screen.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hexId, startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {ohtui, tempHome, type Home} from './harness.js';

const TOKEN = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';
const A = hexId(0xa);

describe('a token in a title, through the commands', () => {
	let server: ConversationServer;
	let home: Home;
	let env: Record<string, string>;
	beforeAll(async () => {
		server = await startConversationServer([{id: A, title: `push with ${TOKEN} please`, status: 'waiting_for_confirmation'}]);
		home = tempHome();
		env = {...home.env, OPENHANDS_URL: server.url};
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it.each([[['ls']], [['ls', '--json']], [['ls', '--needs-you']], [['show', A]], [['show', A, '--json']], [['status']], [['status', '--json']]])('%j', async argv => {
		const {out, err} = await ohtui(argv, {env, columns: 200});
		expect(out + err).not.toContain(TOKEN.slice(4, 20));
		expect(out + err).not.toContain(TOKEN.slice(-12));
		if (argv[0] !== 'status') expect(out).toContain('push with ghp_');
	});
});
