import {z} from 'zod';
import {nullable, openEnum, pageOf, timestamp, uuid} from './common.js';
import {sandboxStatus} from './sandbox.js';

/** shared/openhands-api.md 3.4 */
export const tokenUsageSchema = z.object({
	model: z.string().default(''),
	prompt_tokens: z.number().default(0),
	completion_tokens: z.number().default(0),
	cache_read_tokens: z.number().default(0),
	cache_write_tokens: z.number().default(0),
	reasoning_tokens: z.number().default(0),
	context_window: z.number().default(0),
	per_turn_token: z.number().default(0),
	response_id: z.string().default(''),
});

/** 3.5 */
export const metricsSchema = z.object({
	model_name: z.string().default('default'),
	accumulated_cost: z.number().default(0),
	max_budget_per_task: nullable(z.number()),
	accumulated_token_usage: nullable(tokenUsageSchema),
});
export type Metrics = z.infer<typeof metricsSchema>;

/**
 * An agent server's confirmation policy (agent-server doc 4.2, 7.4): `NeverConfirm`, `AlwaysConfirm`,
 * `ConfirmRisky{threshold, confirm_unknown}`; another kind is kept as sent.
 */
export const confirmationPolicySchema = z.object({
	kind: z.string(),
	threshold: z.string().optional().catch(undefined),
	confirm_unknown: z.boolean().optional().catch(undefined),
});
export type ConfirmationPolicy = z.infer<typeof confirmationPolicySchema>;

export const GIT_PROVIDERS = ['github', 'gitlab', 'bitbucket', 'enterprise_sso'] as const;
export const EXECUTION_STATUSES = [
	'idle',
	'running',
	'paused',
	'waiting_for_confirmation',
	'finished',
	'error',
	'stuck',
	// later SDKs (newer doc 6, 8.3)
	'deleting',
] as const;
export const TRIGGERS = [
	'resolver',
	'gui',
	'suggested_task',
	'openhands_api',
	'slack',
	'microagent_management',
	'jira',
	'jira_dc',
	'linear',
	'bitbucket',
] as const;

/** `AppConversation`, 3.6. */
export const conversationSchema = z.object({
	id: uuid,
	created_by_user_id: nullable(z.string()),
	sandbox_id: z.string(),
	selected_repository: nullable(z.string()),
	selected_branch: nullable(z.string()),
	git_provider: nullable(openEnum(GIT_PROVIDERS)),
	title: nullable(z.string()),
	trigger: nullable(openEnum(TRIGGERS)),
	pr_number: z.array(z.number()).default([]),
	llm_model: nullable(z.string()),
	metrics: nullable(metricsSchema),
	parent_conversation_id: nullable(uuid),
	sub_conversation_ids: z.array(uuid).default([]),
	created_at: timestamp,
	updated_at: timestamp,
	sandbox_status: sandboxStatus.default('MISSING'),
	execution_status: nullable(openEnum(EXECUTION_STATUSES)),
	conversation_url: nullable(z.string()),
	session_api_key: nullable(z.string()),
	// current servers only (newer doc 8.3): absent on legacy ones; an odd value never costs the row
	agent_kind: z.string().optional().catch(undefined),
	public: z.boolean().nullable().optional().catch(undefined),
	tags: z.record(z.string(), z.string()).optional().catch(undefined),
	acp_server: z.string().nullable().optional().catch(undefined),
	// agent-server conversations only (issue 16 decision 3; api/schemas/agentConversation.ts fills them):
	// an app server sends none of these
	working_dir: z.string().nullable().optional().catch(undefined),
	confirmation_policy: confirmationPolicySchema.nullable().optional().catch(undefined),
	security_analyzer: z.string().nullable().optional().catch(undefined),
});
export type AppConversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = pageOf(conversationSchema);

/** 3.7 (newer servers add SETTING_UP_SKILLS; any other value is kept as sent). */
export const START_TASK_STATUSES = [
	'WORKING',
	'WAITING_FOR_SANDBOX',
	'PREPARING_REPOSITORY',
	'RUNNING_SETUP_SCRIPT',
	'SETTING_UP_GIT_HOOKS',
	'SETTING_UP_SKILLS',
	'STARTING_CONVERSATION',
	'READY',
	'ERROR',
] as const;
export const startTaskStatus = openEnum(START_TASK_STATUSES);
export type StartTaskStatus = z.infer<typeof startTaskStatus>;

const textContentSchema = z.object({
	type: z.string(),
	text: z.string().optional(),
	image_urls: z.array(z.string()).optional(),
	cache_prompt: z.boolean().default(false),
});

/** `SendMessageRequest` (3.8), as echoed back in `task.request.initial_message`. */
export const sendMessageSchema = z.object({
	role: z.string().default('user'),
	content: z.array(textContentSchema).default([]),
	run: z.boolean().default(false),
});

/** `AppConversationStartRequest` as the server echoes it (3.8). */
export const startRequestEchoSchema = z.object({
	sandbox_id: nullable(z.string()),
	initial_message: nullable(sendMessageSchema),
	llm_model: nullable(z.string()),
	selected_repository: nullable(z.string()),
	selected_branch: nullable(z.string()),
	git_provider: nullable(z.string()),
	title: nullable(z.string()),
	trigger: nullable(z.string()),
	pr_number: z.array(z.number()).default([]),
	parent_conversation_id: nullable(uuid),
	agent_type: z.string().default('default'),
});

/** `AppConversationStartTask`, 3.9. */
export const startTaskSchema = z.object({
	id: uuid,
	created_by_user_id: nullable(z.string()),
	status: startTaskStatus,
	detail: nullable(z.string()),
	app_conversation_id: nullable(uuid),
	sandbox_id: nullable(z.string()),
	agent_server_url: nullable(z.string()),
	// current servers only (newer doc 8.3)
	dependency_repos_cloned: z.array(z.string()).optional().catch(undefined),
	request: startRequestEchoSchema,
	created_at: timestamp,
	updated_at: timestamp,
});
export type StartTask = z.infer<typeof startTaskSchema>;

export const startTaskPageSchema = pageOf(startTaskSchema);
export const startTaskBatchSchema = z.array(startTaskSchema.nullable());

/** What the UI asks for when it creates a conversation; the client builds the wire body from it. */
export type NewConversation = {
	initialMessage: string;
	/** agent servers: the conversation's `workspace.working_dir` (required there) */
	workingDir?: string | null;
	repository?: string | null;
	branch?: string | null;
	gitProvider?: string | null;
	sandboxId?: string | null;
	llmModel?: string | null;
};
