import {readFileSync} from 'node:fs';
import {describe, expect, it, onTestFinished} from 'vitest';
import {
	conversationPageSchema,
	countSchema,
	sandboxBatchSchema,
	sandboxPageSchema,
	sandboxSpecBatchSchema,
	sandboxSpecPageSchema,
	startTaskBatchSchema,
	startTaskSchema,
	successSchema,
} from '../../../source/api/index.js';

function fixture(name: string): unknown {
	return JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
}

describe('wire fixtures from shared/openhands-api.md parse with the client schemas', () => {
	it('8.1 sandboxes page: RUNNING with urls, PAUSED with nulls, microsecond Z timestamps', () => {
		const page = sandboxPageSchema.parse(fixture('8.1-sandboxes-search.json'));
		expect(page.next_page_id).toBeNull();
		expect(page.items).toHaveLength(2);
		const [running, paused] = page.items;
		expect(running?.status).toBe('RUNNING');
		expect(running?.exposed_urls?.map(url => url.name)).toEqual(['AGENT_SERVER', 'VSCODE', 'WORKER_1', 'WORKER_2']);
		expect(running?.exposed_urls?.[0]?.port).toBeNull();
		expect(running?.created_at).toBe(Date.UTC(2025, 10, 15, 9, 12, 4, 518));
		expect(paused?.status).toBe('PAUSED');
		expect(paused?.session_api_key).toBeNull();
		expect(paused?.exposed_urls).toBeNull();
		expect(paused?.created_by_user_id).toBeNull();
	});

	it('8.2 conversations page: hex id, metrics, live fields; paused variant has nulls', () => {
		const page = conversationPageSchema.parse(fixture('8.2-conversations-search.json'));
		const conversation = page.items[0]!;
		expect(conversation.id).toBe('ca3b40cdc88c4d06b14b1cff914b81cb');
		expect(conversation.sandbox_status).toBe('RUNNING');
		expect(conversation.execution_status).toBe('finished');
		expect(conversation.git_provider).toBe('github');
		expect(conversation.trigger).toBe('gui');
		expect(conversation.metrics?.accumulated_token_usage?.prompt_tokens).toBe(0);
		expect(conversation.sub_conversation_ids).toEqual([]);
		expect(conversation.created_at).toBe(Date.UTC(2025, 10, 15, 9, 12, 31, 904));
		expect(conversation.updated_at).toBe(Date.UTC(2025, 10, 15, 9, 20, 2, 331));

		const paused = conversationPageSchema.parse(fixture('8.2-conversations-search-paused.json')).items[0]!;
		expect(paused.sandbox_status).toBe('PAUSED');
		expect(paused.execution_status).toBeNull();
		expect(paused.conversation_url).toBeNull();
		expect(paused.session_api_key).toBeNull();
	});

	it('8.3 POST start task: WORKING, request echoed with run false', () => {
		const task = startTaskSchema.parse(fixture('8.3-start-task-post.json'));
		expect(task.status).toBe('WORKING');
		expect(task.app_conversation_id).toBeNull();
		expect(task.sandbox_id).toBeNull();
		expect(task.request.initial_message?.content[0]?.text).toBe('Fix the failing test in tests/test_dates.py');
		expect(task.request.initial_message?.run).toBe(false);
		expect(task.request.agent_type).toBe('default');
		expect(task.created_at).toBe(Date.UTC(2025, 10, 15, 9, 12, 3, 101));
	});

	it('8.3 GET start tasks from SQLite: timestamps without Z are read as UTC', () => {
		const zone = process.env['TZ'];
		// a zone west of UTC, so reading the naive value as local time would be caught here
		process.env['TZ'] = 'America/New_York';
		expect(new Date('2025-11-15T09:12:03.101').getTime()).not.toBe(Date.UTC(2025, 10, 15, 9, 12, 3, 101));
		onTestFinished(() => {
			if (zone === undefined) delete process.env['TZ'];
			else process.env['TZ'] = zone;
		});
		const [task] = startTaskBatchSchema.parse(fixture('8.3-start-tasks-get-sqlite.json'));
		expect(task?.status).toBe('READY');
		expect(task?.app_conversation_id).toBe('ca3b40cdc88c4d06b14b1cff914b81cb');
		expect(task?.agent_server_url).toBe('http://localhost:39215');
		// same instant as the POST response's `…101945Z`, whatever the machine's time zone
		expect(task?.created_at).toBe(Date.UTC(2025, 10, 15, 9, 12, 3, 101));
		expect(task?.updated_at).toBe(Date.UTC(2025, 10, 15, 9, 12, 31, 917));

		const [failed] = startTaskBatchSchema.parse(fixture('8.3-start-tasks-get-error.json'));
		expect(failed?.status).toBe('ERROR');
		expect(failed?.detail).toMatch(/^500: Sandbox failed to start/);
	});

	it('8.5 small bodies: success, count, batch with null', () => {
		expect(successSchema.parse(fixture('8.5-success.json'))).toEqual({success: true});
		expect(countSchema.parse(fixture('8.5-count.json'))).toBe(3);
		const batch = sandboxBatchSchema.parse(fixture('8.5-sandboxes-batch.json'));
		expect(batch[0]?.id).toBe('oh-agent-server-6sk4ifOEcwkDClq9g9P10j');
		expect(batch[1]).toBeNull();
		expect(fixture('8.5-not-found.json')).toEqual({detail: 'Not Found'});
	});

	it('6 specs: docker search page and process batch with null', () => {
		const page = sandboxSpecPageSchema.parse(fixture('6-specs-search-docker.json'));
		expect(page.items[0]?.id).toBe('ghcr.io/openhands/agent-server:4e2ecd8-python');
		expect(page.items[0]?.command).toEqual(['--port', '8000']);
		expect(page.items[0]?.working_dir).toBe('/workspace/project');
		expect(page.items[0]?.initial_env['OH_ENABLE_VNC']).toBe('0');
		const batch = sandboxSpecBatchSchema.parse(fixture('6-specs-batch-process.json'));
		expect(batch[0]?.working_dir).toBe('');
		expect(batch[0]?.command).toEqual(['python', '-m', 'openhands.agent_server']);
		expect(batch[1]).toBeNull();
	});

	it('tolerates what a newer server sends: unknown enum values, extra fields, dashed ids, offsets', () => {
		const page = conversationPageSchema.parse(fixture('8.2-conversations-search.json')) && fixture('8.2-conversations-search.json');
		const item = (page as {items: Record<string, unknown>[]}).items[0]!;
		Object.assign(item, {
			id: 'CA3B40CD-C88C-4D06-B14B-1CFF914B81CB',
			sandbox_status: 'HIBERNATING',
			execution_status: 'deleting',
			trigger: 'automation',
			agent_kind: 'openhands',
			tags: {a: 'b'},
			created_at: '2025-11-15T10:12:31+01:00',
		});
		const parsed = conversationPageSchema.parse(page).items[0]!;
		expect(parsed.id).toBe('ca3b40cdc88c4d06b14b1cff914b81cb');
		expect(parsed.sandbox_status).toBe('HIBERNATING');
		expect(parsed.execution_status).toBe('deleting');
		expect(parsed.trigger).toBe('automation');
		// current servers' new fields are kept (newer doc 8.3)
		expect(parsed.agent_kind).toBe('openhands');
		expect(parsed.tags).toEqual({a: 'b'});
		expect(parsed.created_at).toBe(Date.UTC(2025, 10, 15, 9, 12, 31));
		const task = startTaskSchema.parse({...(fixture('8.3-start-task-post.json') as object), status: 'SETTING_UP_SKILLS'});
		expect(task.status).toBe('SETTING_UP_SKILLS');
	});
});
