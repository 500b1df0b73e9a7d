/**
 * Why `$` or `F` does nothing for a conversation (issue 28 item 4), said before any request: a
 * server whose conversations have no reachable workspace, a sandbox that does not run, and for `$`
 * (it runs something there) a server opened read-only.
 */
import type {Capabilities} from '../../api/client.js';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Fleet, Tagged} from '../../fleet/types.js';
import {workspaceOutOfReach} from '../../present/workspaceText.js';

export function workspaceRefusal(fleet: Fleet, conversation: Tagged<AppConversation>, capabilities: Capabilities | null, runs: boolean): string | null {
	if (capabilities?.gitChanges === false) return "this server cannot reach a conversation's workspace";
	const away = workspaceOutOfReach(conversation);
	if (away) return away;
	if (runs && fleet.getSnapshot().servers.find(server => server.name === conversation.server)?.readOnly) return `read-only: ${conversation.server} was opened read-only`;
	return null;
}
