import type {CallOptions} from './client.js';
import type {ApiContext} from './context.js';
import {notYet} from './notYet.js';

export async function deleteConversation(_ctx: ApiContext, _id: string, _options?: CallOptions): Promise<void> {
	notYet('deleting a conversation');
}

export async function deleteSandbox(_ctx: ApiContext, _id: string, _options?: CallOptions): Promise<void> {
	notYet('deleting a sandbox');
}
