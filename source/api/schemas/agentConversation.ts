/**
 * An agent server's `ConversationInfo` (shared/openhands-agent-server.md 4.2), read into the one
 * conversation model (`AppConversation`, issue 16 decision 3). Only what a list row, the activity
 * header and the actions need is read; unknown keys are ignored.
 *
 * Fields with no meaning on an agent server are set so nothing mistakes them for something else:
 * no sandbox id (`''`), and `sandbox_status: 'RUNNING'`: the conversation's runtime is the agent
 * server itself, which answered; the store reads `execution_status` only while that is RUNNING
 * (newer doc 5.4), and the UI hides sandbox columns and keys by capability.
 */
import {z} from 'zod';
import {nullable, openEnum, pageOf, timestamp, uuid} from './common.js';
import {type AppConversation, EXECUTION_STATUSES, type Metrics, confirmationPolicySchema, metricsSchema} from './conversation.js';

const usageSchema = z.looseObject({
	prompt_tokens: z.number().catch(0).default(0),
	completion_tokens: z.number().catch(0).default(0),
	cache_read_tokens: z.number().catch(0).default(0),
	cache_write_tokens: z.number().catch(0).default(0),
	reasoning_tokens: z.number().catch(0).default(0),
	context_window: z.number().catch(0).default(0),
	per_turn_token: z.number().catch(0).default(0),
});

const usageMetricsSchema = z.looseObject({
	model_name: z.string().nullable().optional().catch(null),
	accumulated_cost: z.number().catch(0).default(0),
	max_budget_per_task: z.number().nullable().optional().catch(null),
	accumulated_token_usage: usageSchema.nullable().optional().catch(null),
});
type UsageMetrics = z.infer<typeof usageMetricsSchema>;

const statsSchema = z.looseObject({
	usage_to_metrics: z.record(z.string(), usageMetricsSchema.nullable()).catch({}).default({}),
});

/** A name field of a nested object that may be absent, null or of another shape (ACP agents). */
const looseName = (key: string) =>
	z
		.unknown()
		.optional()
		.transform(value => {
			if (!value || typeof value !== 'object') return null;
			const found = (value as Record<string, unknown>)[key];
			return typeof found === 'string' ? found : null;
		});

const agentSchema = z
	.looseObject({llm: z.unknown().optional()})
	.nullable()
	.optional()
	.catch(null)
	.transform(agent => ({model: agent ? looseName('model').parse(agent.llm) : null}));

/**
 * All `usage_to_metrics` entries summed (one per LLM usage id: `default`, `condenser`, …; doc 4.2).
 * Top-level `metrics` is null on 1.43.1; older servers (1.1.0) fill it, and it is used when there
 * are no per-usage entries.
 */
function summed(entries: readonly UsageMetrics[], fallback: Metrics | null, model: string | null): Metrics | null {
	if (entries.length === 0) return fallback;
	const usage = {model: model ?? '', prompt_tokens: 0, completion_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, context_window: 0, per_turn_token: 0, response_id: ''};
	let cost = 0;
	let budget: number | null = null;
	for (const entry of entries) {
		cost += entry.accumulated_cost;
		if (typeof entry.max_budget_per_task === 'number') budget = entry.max_budget_per_task;
		const tokens = entry.accumulated_token_usage;
		if (!tokens) continue;
		usage.prompt_tokens += tokens.prompt_tokens;
		usage.completion_tokens += tokens.completion_tokens;
		usage.cache_read_tokens += tokens.cache_read_tokens;
		usage.cache_write_tokens += tokens.cache_write_tokens;
		usage.reasoning_tokens += tokens.reasoning_tokens;
		usage.context_window = Math.max(usage.context_window, tokens.context_window);
		usage.per_turn_token += tokens.per_turn_token;
	}
	return {model_name: model ?? 'default', accumulated_cost: cost, max_budget_per_task: budget, accumulated_token_usage: usage};
}

export const agentConversationSchema = z
	.object({
		id: uuid,
		workspace: z.looseObject({working_dir: z.string().nullable().optional()}).nullable().optional().catch(null),
		execution_status: nullable(openEnum(EXECUTION_STATUSES)),
		confirmation_policy: confirmationPolicySchema.nullable().optional().catch(null),
		security_analyzer: looseName('kind'),
		stats: statsSchema.nullable().optional().catch(null),
		title: nullable(z.string()),
		metrics: metricsSchema.nullable().optional().catch(null),
		created_at: timestamp,
		updated_at: timestamp,
		parent_conversation_id: uuid.nullable().optional().catch(null),
		sub_conversation_ids: z.array(uuid).nullable().optional().catch(null),
		tags: z.record(z.string(), z.string()).nullable().optional().catch(null),
		agent: agentSchema,
		// ACP agents name their model here (doc 4.2)
		current_model_id: z.string().nullable().optional().catch(null),
	})
	.transform((wire): AppConversation => {
		const model = wire.agent.model ?? wire.current_model_id ?? null;
		const entries = Object.values(wire.stats?.usage_to_metrics ?? {}).filter((m): m is UsageMetrics => m !== null);
		return {
			id: wire.id,
			created_by_user_id: null,
			sandbox_id: '',
			selected_repository: null,
			selected_branch: null,
			git_provider: null,
			title: wire.title,
			trigger: null,
			pr_number: [],
			llm_model: model,
			metrics: summed(entries, wire.metrics ?? null, model),
			parent_conversation_id: wire.parent_conversation_id ?? null,
			sub_conversation_ids: wire.sub_conversation_ids ?? [],
			created_at: wire.created_at,
			updated_at: wire.updated_at,
			sandbox_status: 'RUNNING',
			execution_status: wire.execution_status,
			conversation_url: null,
			session_api_key: null,
			...(wire.tags ? {tags: wire.tags} : {}),
			working_dir: wire.workspace?.working_dir ?? null,
			confirmation_policy: wire.confirmation_policy ?? null,
			security_analyzer: wire.security_analyzer,
		};
	});

export const agentConversationPageSchema = pageOf(agentConversationSchema);
