import {describe, expect, it} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import type {ApiContext} from '../../../source/api/context.js';
import {deleteConversation, deleteSandbox} from '../../../source/api/app/deletes.js';
import {activityContexts} from '../../support/activityContext.js';
import type {ActivityServer} from '../../support/activityServer.js';

const CONV = 'dddddddddddddddddddddddddddddddd';

const contexts = activityContexts();
let server: ActivityServer;

async function open(generation: Generation): Promise<ApiContext> {
	const opened = await contexts.open(generation);
	server = opened.server;
	server.sandboxes.set('sb-1', {id: 'sb-1', status: 'RUNNING', key: 'k'});
	server.conversations.set(CONV, {id: CONV, sandboxId: 'sb-1', title: 't', execution: 'idle', events: []});
	return opened.ctx;
}

describe('deleteConversation', () => {
	it('current: DELETE /api/v1/app-conversations/{id}, one request; unknown is a clear not_found', async () => {
		const c = await open('current');
		await deleteConversation(c, CONV);
		expect(server.lines()).toEqual([`DELETE /api/v1/app-conversations/${CONV}`]);
		expect(server.conversations.get(CONV)?.deleted).toBe(true);
		await expect(deleteConversation(c, CONV)).rejects.toMatchObject({kind: 'not_found', message: expect.stringMatching(/^not found \(404\): Conversation not found/)});
	});

	it('legacy: DELETE /api/conversations/{id} answers a bare true, and false when unknown', async () => {
		const c = await open('legacy');
		await deleteConversation(c, CONV);
		expect(server.lines()).toEqual([`DELETE /api/conversations/${CONV}`]);
		expect(server.conversations.get(CONV)?.deleted).toBe(true);
		await expect(deleteConversation(c, CONV)).rejects.toMatchObject({
			kind: 'not_found',
			message: expect.stringMatching(/^the server does not know this conversation \(nothing deleted\)/),
		});
		expect(server.seen).toHaveLength(2);
	});
});

describe('deleteSandbox', () => {
	it.each<Generation>(['legacy', 'current'])('%s: the id in the path and in ?sandbox_id= (the route quirk), one request', async generation => {
		const c = await open(generation);
		await deleteSandbox(c, 'sb-1');
		expect(server.lines()).toEqual(['DELETE /api/v1/sandboxes/sb-1?sandbox_id=sb-1']);
		expect(server.sandboxes.get('sb-1')?.deleted).toBe(true);
		await expect(deleteSandbox(c, 'sb-1')).rejects.toMatchObject({kind: 'not_found'});
	});
});
