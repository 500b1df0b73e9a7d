/**
 * Both settings shapes into one model (schemas/settingsModel.ts). The shape is told by the body, not
 * by the path: legacy servers after OpenHands PR #13306 send the nested shape on `/api/settings` too
 * (shared/openhands-api-newer.md 1.2), and servers of the overlap window answer both paths alike.
 */
import type {ErrorContext} from '../errorText.js';
import {parseWith} from '../transport/parseBody.js';
import {
	type FlatSettingsWire,
	type LlmProfileSetting,
	type McpConfig,
	type McpServerSetting,
	type NestedSettingsWire,
	type Settings,
	flatSettingsSchema,
	mcpConfigSchema,
	mcpServerMapSchema,
	nestedSettingsSchema,
} from '../schemas/index.js';

function providerTokens(set: Record<string, string | null>): Settings['secrets']['providerTokens'] {
	return Object.entries(set).map(([provider, host]) => ({provider, host}));
}

/** `{sse_servers, stdio_servers, shttp_servers}` (legacy 3.11) as a list of named servers. */
function legacyMcp(mcp: McpConfig): McpServerSetting[] {
	const none = {name: null, command: null, args: [], env: [], headerNames: [], timeout: null, cwd: null};
	return [
		...mcp.stdio_servers.map(
			(server): McpServerSetting => ({
				...none,
				name: server.name,
				transport: 'stdio',
				url: null,
				command: server.command,
				args: server.args,
				env: Object.entries(server.env).map(([name, value]) => ({name, value})),
				auth: null,
				secretSet: false,
			}),
		),
		...mcp.sse_servers.map((server): McpServerSetting => ({...none, transport: 'sse', url: server.url, auth: server.api_key ? 'api key' : null, secretSet: server.api_key})),
		...mcp.shttp_servers.map(
			(server): McpServerSetting => ({
				...none,
				transport: 'http',
				url: server.url,
				auth: server.api_key ? 'api key' : null,
				secretSet: server.api_key,
				timeout: server.timeout,
			}),
		),
	];
}

export function fromFlat(wire: FlatSettingsWire): Settings {
	return {
		shape: 'flat',
		llm: {
			model: wire.llm_model,
			baseUrl: wire.llm_base_url,
			apiKeySet: wire.llm_api_key_set,
			apiVersion: null,
			authType: null,
			reasoningEffort: null,
			temperature: null,
			maxOutputTokens: null,
			awsRegion: null,
			awsKeySet: false,
		},
		agent: {
			kind: null,
			agentClass: wire.agent,
			acpServer: null,
			acpCommand: null,
			acpModel: null,
			acpSessionMode: null,
			tools: null,
			subAgents: null,
			toolConcurrency: null,
		},
		conversation: {
			maxIterations: wire.max_iterations,
			confirmationMode: wire.confirmation_mode,
			securityAnalyzer: wire.security_analyzer,
			maxBudgetPerTask: wire.max_budget_per_task,
		},
		condenser: {enabled: wire.enable_default_condenser, maxSize: wire.condenser_max_size, kind: null},
		critic: null,
		mcpServers: wire.mcp_config ? legacyMcp(wire.mcp_config) : null,
		llmProfiles: null,
		sandbox: {
			groupingStrategy: null,
			baseImage: wire.sandbox_base_container_image,
			runtimeImage: wire.sandbox_runtime_container_image,
			resourceFactor: wire.remote_runtime_resource_factor,
		},
		skills: null,
		language: wire.language,
		features: {
			soundNotifications: wire.enable_sound_notifications,
			conversationStarters: wire.enable_proactive_conversation_starters,
			solvabilityAnalysis: wire.enable_solvability_analysis,
			analyticsConsent: wire.user_consents_to_analytics,
			v1Enabled: null,
		},
		git: {userName: wire.git_user_name, userEmail: wire.git_user_email},
		account: {email: wire.email, emailVerified: wire.email_verified},
		secrets: {llmApiKey: wire.llm_api_key_set, searchApiKey: wire.search_api_key_set, providerTokens: providerTokens(wire.provider_tokens_set)},
	};
}

/** The name-keyed map (2.4.2); a transport the server left out is told by what the entry has. */
export function currentMcp(ctx: ErrorContext, raw: unknown, status: number): McpServerSetting[] | null {
	if (raw === undefined || raw === null) return [];
	if (typeof raw === 'object' && !Array.isArray(raw) && ['sse_servers', 'stdio_servers', 'shttp_servers'].some(key => key in raw)) {
		return legacyMcp(parseWith(ctx, mcpConfigSchema, raw, status));
	}
	const map = parseWith(ctx, mcpServerMapSchema, raw, status);
	return Object.entries(map).map(([name, server]) => ({
		name,
		transport: server.transport ?? (server.command ? 'stdio' : 'http'),
		url: server.url,
		command: server.command,
		args: server.args ?? [],
		env: server.env.map(key => ({name: key, value: null})),
		headerNames: server.headers,
		auth: server.auth && server.auth.strategy !== 'none' ? server.auth.strategy : null,
		secretSet: server.auth?.set ?? false,
		timeout: server.timeout,
		cwd: server.cwd,
	}));
}

/** A tool entry is a name or `{name, params}`; marketplaces are unconfirmed, so the first naming field. */
function nameOf(item: unknown): string | null {
	if (typeof item === 'string') return item;
	if (!item || typeof item !== 'object') return null;
	const record = item as Record<string, unknown>;
	for (const key of ['name', 'source', 'url', 'repo', 'path']) {
		const value = record[key];
		if (typeof value === 'string' && value) return value;
	}
	return null;
}

function names(items: readonly unknown[] | null): string[] {
	return (items ?? []).map(nameOf).filter((name): name is string => name !== null);
}

export function fromNested(wire: NestedSettingsWire, mcpServers: McpServerSetting[] | null): Settings {
	const agent = wire.agent_settings;
	const llm = agent.llm;
	const conversation = wire.conversation_settings;
	const critic = agent.verification;
	const profiles: LlmProfileSetting[] = Object.entries(wire.llm_profiles?.profiles ?? {}).map(([name, profile]) => ({
		name,
		model: profile.model ?? null,
		baseUrl: profile.base_url ?? null,
		apiKeySet: profile.api_key ?? false,
	}));
	return {
		shape: 'nested',
		llm: {
			model: llm?.model ?? null,
			baseUrl: llm?.base_url ?? null,
			apiKeySet: wire.llm_api_key_set || (llm?.api_key ?? false),
			apiVersion: llm?.api_version ?? null,
			authType: llm?.auth_type ?? null,
			reasoningEffort: llm?.reasoning_effort ?? null,
			temperature: llm?.temperature ?? null,
			maxOutputTokens: llm?.max_output_tokens ?? null,
			awsRegion: llm?.aws_region_name ?? null,
			awsKeySet: llm?.aws_access_key_id ?? false,
		},
		agent: {
			// a persisted `llm` is normalized to `openhands` on read (2.3)
			kind: agent.agent_kind === 'llm' ? 'openhands' : agent.agent_kind,
			agentClass: agent.agent,
			acpServer: agent.acp_server,
			acpCommand: agent.acp_command ? [...agent.acp_command, ...(agent.acp_args ?? [])] : null,
			acpModel: agent.acp_model,
			acpSessionMode: agent.acp_session_mode,
			tools: agent.tools ? names(agent.tools) : null,
			subAgents: agent.enable_sub_agents,
			toolConcurrency: agent.tool_concurrency_limit,
		},
		conversation: {
			maxIterations: conversation?.max_iterations ?? null,
			confirmationMode: conversation?.confirmation_mode ?? null,
			securityAnalyzer: conversation?.security_analyzer ?? null,
			maxBudgetPerTask: wire.max_budget_per_task,
		},
		condenser: {
			enabled: agent.condenser?.enabled ?? null,
			maxSize: agent.condenser?.max_size ?? null,
			kind: agent.condenser?.condenser_kind ?? null,
		},
		critic: critic
			? {
					enabled: critic.critic_enabled,
					mode: critic.critic_mode,
					threshold: critic.critic_threshold,
					iterativeRefinement: critic.enable_iterative_refinement,
					maxRefinementIterations: critic.max_refinement_iterations,
					serverUrl: critic.critic_server_url,
					modelName: critic.critic_model_name,
					apiKeySet: critic.critic_api_key,
				}
			: null,
		mcpServers,
		llmProfiles: {active: wire.llm_profiles?.active ?? null, profiles},
		sandbox: {
			groupingStrategy: wire.sandbox_grouping_strategy,
			baseImage: wire.sandbox_base_container_image,
			runtimeImage: wire.sandbox_runtime_container_image,
			resourceFactor: wire.remote_runtime_resource_factor,
		},
		skills: {
			disabled: wire.disabled_skills ?? [],
			registeredMarketplaces: names(wire.registered_marketplaces),
			inheritedMarketplaces: names(wire.inherited_marketplaces),
		},
		language: wire.language,
		features: {
			soundNotifications: wire.enable_sound_notifications,
			conversationStarters: wire.enable_proactive_conversation_starters,
			solvabilityAnalysis: null,
			analyticsConsent: wire.user_consents_to_analytics,
			v1Enabled: wire.v1_enabled,
		},
		git: {userName: wire.git_user_name, userEmail: wire.git_user_email},
		account: {email: wire.email, emailVerified: wire.email_verified},
		secrets: {llmApiKey: wire.llm_api_key_set, searchApiKey: wire.search_api_key_set, providerTokens: providerTokens(wire.provider_tokens_set)},
	};
}

export function isNestedSettings(json: unknown): boolean {
	return typeof json === 'object' && json !== null && !Array.isArray(json) && 'agent_settings' in json;
}

/** A settings body of either shape, validated, as the model; bad_response naming the field otherwise. */
export function readSettings(ctx: ErrorContext, json: unknown, status: number): Settings {
	if (isNestedSettings(json)) {
		const wire = parseWith(ctx, nestedSettingsSchema, json, status);
		const mcp = currentMcp({...ctx}, wire.agent_settings.mcp_config, status);
		return fromNested(wire, mcp);
	}
	return fromFlat(parseWith(ctx, flatSettingsSchema, json, status));
}
