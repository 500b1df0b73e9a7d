/**
 * The user's settings as the store and the UI see them, whichever shape the server sent: the flat
 * legacy one (`GET /api/settings`, shared/openhands-api.md 3.12) or the nested current one
 * (`GET /api/v1/settings`, openhands-api-newer.md 2). Filled by api/readSettings.ts.
 *
 * A part one shape does not have is `null` (legacy servers have no critic, no LLM profiles, no
 * sandbox grouping), so a view can leave it out instead of showing a value that was never sent.
 * No secret value is held: keys are `…Set` flags. Values that may still carry a credential (URLs,
 * command arguments, legacy MCP env values, which the server sends in clear) are kept raw and must be
 * shown through text/secrets.ts.
 */

/** `agent`: an agent server's own settings (agent-server doc 3), nested like `nested` but without the app server's parts */
export type SettingsShape = 'flat' | 'nested' | 'agent';

export type McpServerSetting = {
	/** current: the map key; legacy stdio: its `name`; legacy sse/shttp: null */
	name: string | null;
	/** `stdio`, `sse`, `http`, `streamable-http` (legacy `shttp` reads as `http`) */
	transport: string;
	url: string | null;
	command: string | null;
	args: readonly string[];
	/** legacy stdio: values in clear (mask them); current: names only (`value` null: a secret withheld) */
	env: readonly {name: string; value: string | null}[];
	/** current: header names (their values are secrets and never sent) */
	headerNames: readonly string[];
	/** current: the auth strategy (`bearer`, `api_key`, `basic`, …); legacy: `api key` when one is set */
	auth: string | null;
	/** a credential is configured for it (api key, token, password) */
	secretSet: boolean;
	timeout: number | null;
	cwd: string | null;
};

export type LlmProfileSetting = {
	name: string;
	model: string | null;
	baseUrl: string | null;
	apiKeySet: boolean;
};

export type Settings = {
	/** which wire shape it was read from */
	shape: SettingsShape;
	llm: {
		model: string | null;
		/** null: the provider's default endpoint (current servers send null for it, newer doc 2.1) */
		baseUrl: string | null;
		apiKeySet: boolean;
		apiVersion: string | null;
		/** `api_key` or `subscription` */
		authType: string | null;
		reasoningEffort: string | null;
		temperature: number | null;
		maxOutputTokens: number | null;
		awsRegion: string | null;
		awsKeySet: boolean;
	};
	agent: {
		/** `openhands` or `acp` (current); null on legacy servers */
		kind: string | null;
		/** e.g. `CodeActAgent` */
		agentClass: string | null;
		/** ACP agents: `claude-code`, `codex`, `gemini-cli`, `custom` */
		acpServer: string | null;
		acpCommand: readonly string[] | null;
		acpModel: string | null;
		acpSessionMode: string | null;
		/** tool names when the server lists them; null = the standard set */
		tools: readonly string[] | null;
		subAgents: boolean | null;
		toolConcurrency: number | null;
	};
	conversation: {
		maxIterations: number | null;
		confirmationMode: boolean | null;
		securityAnalyzer: string | null;
		maxBudgetPerTask: number | null;
	};
	condenser: {enabled: boolean | null; maxSize: number | null; kind: string | null};
	/** current only (`agent_settings.verification`) */
	critic: {
		enabled: boolean | null;
		mode: string | null;
		threshold: number | null;
		iterativeRefinement: boolean | null;
		maxRefinementIterations: number | null;
		serverUrl: string | null;
		modelName: string | null;
		apiKeySet: boolean;
	} | null;
	/** null: none configured on a legacy server (`mcp_config: null`) */
	mcpServers: readonly McpServerSetting[] | null;
	/** current only */
	llmProfiles: {active: string | null; profiles: readonly LlmProfileSetting[]} | null;
	sandbox: {
		/** current only: `NO_GROUPING`, `GROUP_BY_NEWEST`, … (newer doc 8.4) */
		groupingStrategy: string | null;
		baseImage: string | null;
		runtimeImage: string | null;
		resourceFactor: number | null;
	};
	/** current only (null on legacy servers) */
	skills: {disabled: readonly string[]; registeredMarketplaces: readonly string[]; inheritedMarketplaces: readonly string[]} | null;
	language: string | null;
	features: {
		soundNotifications: boolean | null;
		conversationStarters: boolean | null;
		/** legacy only */
		solvabilityAnalysis: boolean | null;
		analyticsConsent: boolean | null;
		/** current only */
		v1Enabled: boolean | null;
	};
	git: {userName: string | null; userEmail: string | null};
	account: {email: string | null; emailVerified: boolean | null};
	secrets: {
		llmApiKey: boolean;
		searchApiKey: boolean;
		/** providers with a token, and the host it is for (null: the provider's default host) */
		providerTokens: readonly {provider: string; host: string | null}[];
	};
};
