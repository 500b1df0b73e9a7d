// Issue 21 item 2: a title carries what the user typed first, tokens included. It is masked wherever
// it goes: the list's column, details, the activity's dialogs, confirmations, the `!` list and the
// notification, and the notifier masks every byte it writes whatever it is given.
import {describe, expect, it} from 'vitest';
import {createNotifier} from '../../source/terminal/notify.js';
import {approvalQuestion} from '../../source/ui/activity/approvalDialog.js';
import {attentionLine} from '../../source/present/attentionText.js';
import {conversationName, deleteConversationQuestion} from '../../source/ui/views/confirmTexts.js';
import {conversationColumns} from '../../source/ui/views/conversationColumns.js';
import {conversationEntries, startTaskLine} from '../../source/ui/views/conversationParts.js';
import {NOW, conversation} from './fixtures.js';

const TOKEN = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';
const c = {...conversation({title: `deploy with GITHUB_TOKEN=${TOKEN}`}), server: 'local'};

describe('a token in a title', () => {
	it('is masked in every place that shows the title', () => {
		const context = {items: new Map(), boots: new Map(), glimpses: {}, clock: () => NOW};
		const column = conversationColumns([c], context).find(col => col.id === 'title')!;
		const shown = [
			column.text(c, NOW),
			JSON.stringify(conversationEntries(c, NOW)),
			conversationName(c),
			deleteConversationQuestion(c, null).message,
			approvalQuestion({kind: 'reject', ids: []}, [], 'x'),
			attentionLine({key: 'k', subject: 'conversation', id: c.id, state: 'finished', title: c.title!, at: NOW}),
		];
		for (const text of shown) expect(text).not.toContain(TOKEN.slice(4));
		expect(column.text(c, NOW)).toBe('deploy with GITHUB_TOKEN=••••');
	});

	it('every notification byte goes through the masking: a start task error detail with a clone URL', () => {
		const written: string[] = [];
		const notifier = createNotifier({mode: 'both', env: {TERM: 'foot'}, write: bytes => written.push(bytes)});
		notifier.notify('ohtui', `a new conversation failed to start: git clone https://x-access-token:${TOKEN}@github.com/octo/hello.git`);
		expect(written).toHaveLength(1);
		expect(written[0]).not.toContain(TOKEN.slice(4));
		expect(written[0]).toContain('x-access-token:••••@github.com');
	});

	it("is masked in a start task's line, which shows the first message the title is made from", () => {
		const task = {
			id: 'a'.repeat(32),
			status: 'WORKING',
			detail: null,
			app_conversation_id: null,
			request: {initial_message: {role: 'user', content: [{type: 'text', text: `push with ${TOKEN} to origin`}]}},
			server: 'local',
		} as unknown as Parameters<typeof startTaskLine>[0];
		const line = startTaskLine(task, undefined, NOW);
		expect(line).not.toContain(TOKEN.slice(4));
		expect(line).toContain('push with ghp_•••• to origin');
	});
});
