import {z} from 'zod';
import {nullable} from './common.js';

/** MCP server entries, shared/openhands-api.md 3.11. Plain strings are accepted and normalized to {url}. */
const urlEntry = <T extends z.ZodRawShape>(shape: T) =>
	z.union([
		z.string().transform(url => ({url, api_key: null, timeout: null})),
		z.object({url: z.string(), api_key: nullable(z.string()), ...shape}),
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

/** `GETSettingsModel`, 3.12: every `Settings` field plus the three extras. */
export const settingsSchema = z.object({
	language: nullable(z.string()),
	agent: nullable(z.string()),
	max_iterations: nullable(z.number()),
	security_analyzer: nullable(z.string()),
	confirmation_mode: nullable(z.boolean()),
	llm_model: nullable(z.string()),
	// The server nulls the three keys before answering; anything else it might send is never kept.
	llm_api_key: z.unknown().optional().transform(() => null),
	llm_base_url: nullable(z.string()),
	remote_runtime_resource_factor: nullable(z.number()),
	// always `{"provider_tokens":{}}` on the wire (2.1); whatever else arrives, no token is kept
	secrets_store: z
		.unknown()
		.optional()
		.transform(() => ({provider_tokens: {}})),
	enable_default_condenser: nullable(z.boolean()).transform(v => v ?? true),
	enable_sound_notifications: nullable(z.boolean()).transform(v => v ?? false),
	enable_proactive_conversation_starters: nullable(z.boolean()).transform(v => v ?? true),
	enable_solvability_analysis: nullable(z.boolean()).transform(v => v ?? true),
	user_consents_to_analytics: nullable(z.boolean()),
	sandbox_base_container_image: nullable(z.string()),
	sandbox_runtime_container_image: nullable(z.string()),
	mcp_config: nullable(mcpConfigSchema),
	search_api_key: z.unknown().optional().transform(() => null),
	sandbox_api_key: z.unknown().optional().transform(() => null),
	max_budget_per_task: nullable(z.number()),
	condenser_max_size: nullable(z.number()),
	email: nullable(z.string()),
	email_verified: nullable(z.boolean()),
	git_user_name: nullable(z.string()),
	git_user_email: nullable(z.string()),
	provider_tokens_set: nullable(z.record(z.string(), z.string().nullable())).transform(v => v ?? {}),
	llm_api_key_set: nullable(z.boolean()).transform(v => v ?? false),
	search_api_key_set: nullable(z.boolean()).transform(v => v ?? false),
});
export type Settings = z.infer<typeof settingsSchema>;
