/**
 * The two wire shapes of the user's settings. Both are read into one model (./settingsModel.ts) by
 * api/readSettings.ts; a value the server marks as secret is turned into "set / not set" here, at
 * the parser, so it never travels further.
 */
import {z} from 'zod';
import {nullable} from './common.js';

/** A secret field: only whether something is stored (a value, or the `**********` redaction marker). */
export const secretSet = z
	.unknown()
	.optional()
	.transform(value => typeof value === 'string' && value.trim() !== '');

/** A map of secrets (MCP `env` / `headers` on current servers, newer doc 2.4.2): the names only. */
const secretNames = z
	.record(z.string(), z.unknown())
	.nullable()
	.optional()
	.transform(map => (map ? Object.keys(map) : []));

// ---- legacy, flat: `GET /api/settings` (shared/openhands-api.md 2.1, 3.11, 3.12) -------------------

/** MCP server entries, 3.11. Plain strings are accepted and normalized to {url}. */
const urlEntry = <T extends z.ZodRawShape>(shape: T) =>
	z.union([
		z.string().transform(url => ({url, api_key: false, timeout: null})),
		// the server sends MCP api keys in clear (2.1): only whether one is set is kept
		z.object({url: z.string(), api_key: secretSet, ...shape}),
	]);

export const sseServerSchema = urlEntry({});
export const shttpServerSchema = urlEntry({timeout: nullable(z.number())});
export const stdioServerSchema = z.object({
	name: z.string(),
	command: z.string(),
	args: z.array(z.string()).default([]),
	env: z.record(z.string(), z.string()).default({}),
});

export const mcpConfigSchema = z.object({
	sse_servers: z.array(sseServerSchema).default([]),
	stdio_servers: z.array(stdioServerSchema).default([]),
	shttp_servers: z.array(shttpServerSchema).default([]),
});
export type McpConfig = z.infer<typeof mcpConfigSchema>;

const providerTokensSet = nullable(z.record(z.string(), z.string().nullable())).transform(v => v ?? {});

/** `GETSettingsModel`, 3.12; the three keys the server nulls are not read at all. */
export const flatSettingsSchema = z.object({
	language: nullable(z.string()),
	agent: nullable(z.string()),
	max_iterations: nullable(z.number()),
	security_analyzer: nullable(z.string()),
	confirmation_mode: nullable(z.boolean()),
	llm_model: nullable(z.string()),
	llm_base_url: nullable(z.string()),
	remote_runtime_resource_factor: nullable(z.number()),
	enable_default_condenser: nullable(z.boolean()).transform(v => v ?? true),
	enable_sound_notifications: nullable(z.boolean()).transform(v => v ?? false),
	enable_proactive_conversation_starters: nullable(z.boolean()).transform(v => v ?? true),
	enable_solvability_analysis: nullable(z.boolean()).transform(v => v ?? true),
	user_consents_to_analytics: nullable(z.boolean()),
	sandbox_base_container_image: nullable(z.string()),
	sandbox_runtime_container_image: nullable(z.string()),
	mcp_config: nullable(mcpConfigSchema),
	max_budget_per_task: nullable(z.number()),
	condenser_max_size: nullable(z.number()),
	email: nullable(z.string()),
	email_verified: nullable(z.boolean()),
	git_user_name: nullable(z.string()),
	git_user_email: nullable(z.string()),
	provider_tokens_set: providerTokensSet,
	llm_api_key_set: nullable(z.boolean()).transform(v => v ?? false),
	search_api_key_set: nullable(z.boolean()).transform(v => v ?? false),
});
export type FlatSettingsWire = z.infer<typeof flatSettingsSchema>;

// ---- current, nested: `GET /api/v1/settings` (shared/openhands-api-newer.md 2) ------------------------

/** `LLM` (2.4.1): what a person looks for; the AWS keys and `api_key` only as set / not set. */
export const llmSchema = z.object({
	model: nullable(z.string()),
	api_key: secretSet,
	auth_type: nullable(z.string()),
	base_url: nullable(z.string()),
	api_version: nullable(z.string()),
	aws_access_key_id: secretSet,
	aws_region_name: nullable(z.string()),
	temperature: nullable(z.number()),
	max_output_tokens: nullable(z.number()),
	reasoning_effort: nullable(z.string()),
});

const mcpAuthSchema = z
	.object({strategy: z.string()})
	.loose()
	.transform(auth => {
		const {strategy, ...rest} = auth as {strategy: string} & Record<string, unknown>;
		// `api_key{value,header_name}`, `bearer{value}`, `basic{username,password}`, `header{headers}`…
		const set = Object.entries(rest).some(([key, value]) => key !== 'header_name' && value !== null && value !== '' && value !== undefined);
		return {strategy, set};
	});

/** `MCPServer` (2.4.2), compact: keys with null or `{}` are absent. `env` and `headers` hold secrets. */
export const mcpServerSchema = z.object({
	url: nullable(z.string()),
	transport: nullable(z.string()),
	command: nullable(z.string()),
	args: z.array(z.string()).nullable().default(null),
	env: secretNames,
	headers: secretNames,
	cwd: nullable(z.string()),
	timeout: nullable(z.number()),
	auth: nullable(mcpAuthSchema),
});
export const mcpServerMapSchema = z.record(z.string(), mcpServerSchema);

const condenserSchema = z.object({
	enabled: nullable(z.boolean()),
	max_size: nullable(z.number()),
	condenser_kind: nullable(z.string()),
});

const verificationSchema = z.object({
	critic_enabled: nullable(z.boolean()),
	critic_mode: nullable(z.string()),
	enable_iterative_refinement: nullable(z.boolean()),
	critic_threshold: nullable(z.number()),
	max_refinement_iterations: nullable(z.number()),
	critic_server_url: nullable(z.string()),
	critic_model_name: nullable(z.string()),
	critic_api_key: secretSet,
});

/** `OpenHandsAgentSettings` / `ACPAgentSettings` (2.4), one object: the kinds share most fields. */
export const agentSettingsSchema = z.object({
	agent_kind: nullable(z.string()),
	agent: nullable(z.string()),
	llm: nullable(llmSchema),
	tools: z.array(z.unknown()).nullable().default(null),
	enable_sub_agents: nullable(z.boolean()),
	tool_concurrency_limit: nullable(z.number()),
	// a name-keyed map; an old `{sse_servers,…}` object is migrated by the server on load, but read either
	mcp_config: z.unknown().optional(),
	condenser: nullable(condenserSchema),
	verification: nullable(verificationSchema),
	acp_server: nullable(z.string()),
	acp_command: z.array(z.string()).nullable().default(null),
	acp_args: z.array(z.string()).nullable().default(null),
	acp_model: nullable(z.string()),
	acp_session_mode: nullable(z.string()),
});

export const conversationSettingsSchema = z.object({
	max_iterations: nullable(z.number()),
	confirmation_mode: nullable(z.boolean()),
	security_analyzer: nullable(z.string()),
});

export const llmProfilesSchema = z.object({
	profiles: z.record(z.string(), llmSchema.partial()).nullable().default(null),
	active: nullable(z.string()),
});

/** `GETSettingsModel` of current servers (2.2); secrets (`search_api_key`…) are not read. */
export const nestedSettingsSchema = z.object({
	language: nullable(z.string()),
	remote_runtime_resource_factor: nullable(z.number()),
	enable_sound_notifications: nullable(z.boolean()),
	enable_proactive_conversation_starters: nullable(z.boolean()),
	user_consents_to_analytics: nullable(z.boolean()),
	sandbox_base_container_image: nullable(z.string()),
	sandbox_runtime_container_image: nullable(z.string()),
	disabled_skills: z.array(z.string()).nullable().default(null),
	max_budget_per_task: nullable(z.number()),
	email: nullable(z.string()),
	email_verified: nullable(z.boolean()),
	git_user_name: nullable(z.string()),
	git_user_email: nullable(z.string()),
	v1_enabled: nullable(z.boolean()),
	agent_settings: agentSettingsSchema,
	conversation_settings: nullable(conversationSettingsSchema),
	sandbox_grouping_strategy: nullable(z.string()),
	llm_profiles: nullable(llmProfilesSchema),
	// item shape unconfirmed (newer doc 2.2): read as whatever names them
	registered_marketplaces: z.array(z.unknown()).nullable().default(null),
	inherited_marketplaces: z.array(z.unknown()).nullable().default(null),
	provider_tokens_set: providerTokensSet,
	llm_api_key_set: nullable(z.boolean()).transform(v => v ?? false),
	search_api_key_set: nullable(z.boolean()).transform(v => v ?? false),
});
export type NestedSettingsWire = z.infer<typeof nestedSettingsSchema>;
