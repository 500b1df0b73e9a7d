import {randomBytes} from 'node:crypto';
import {base62} from './ids.js';
import type {SpecRecord} from './state.js';

/** Spec presets of shared/openhands-api.md 6: the docker one first (it is the default), then variants. */
export function presetSpecs(createdUs: number): SpecRecord[] {
	const dockerEnv = {
		OPENVSCODE_SERVER_ROOT: '/openhands/.openvscode-server',
		OH_ENABLE_VNC: '0',
		LOG_JSON: 'true',
		OH_CONVERSATIONS_PATH: '/workspace/conversations',
		OH_BASH_EVENTS_DIR: '/workspace/bash_events',
	};
	return [
		{
			id: 'ghcr.io/openhands/agent-server:4e2ecd8-python',
			command: ['--port', '8000'],
			createdUs,
			initialEnv: dockerEnv,
			workingDir: '/workspace/project',
		},
		{
			id: 'ghcr.io/openhands/agent-server:4e2ecd8-nodejs',
			command: ['--port', '8000'],
			createdUs,
			initialEnv: {...dockerEnv, NODE_OPTIONS: '--max-old-space-size=4096'},
			workingDir: '/workspace/project',
		},
		{
			id: 'ghcr.io/openhands/agent-server:4e2ecd8-golang',
			command: ['/usr/local/bin/openhands-agent-server', '--port', '60000'],
			createdUs,
			initialEnv: {...dockerEnv, OH_VSCODE_PORT: '60001'},
			workingDir: '/workspace/project',
		},
	];
}

/**
 * `GETSettingsModel` (3.12, example 8.4) with the secrets hidden the way the server hides them;
 * MCP api keys and stdio env values are in clear because the real server does not mask them.
 * The keys are random so nothing real ever sits in the seed.
 */
export function demoSettings(): Record<string, unknown> {
	const key = (prefix: string, bytes = 18) => prefix + base62(randomBytes(bytes));
	return {
		language: 'en',
		agent: 'CodeActAgent',
		max_iterations: null,
		security_analyzer: 'llm',
		confirmation_mode: false,
		llm_model: 'anthropic/claude-sonnet-4-5-20250929',
		llm_api_key: null,
		llm_base_url: null,
		remote_runtime_resource_factor: 1,
		secrets_store: {provider_tokens: {}},
		enable_default_condenser: true,
		enable_sound_notifications: false,
		enable_proactive_conversation_starters: true,
		enable_solvability_analysis: true,
		user_consents_to_analytics: false,
		sandbox_base_container_image: 'nikolaik/python-nodejs:python3.12-nodejs22',
		sandbox_runtime_container_image: null,
		mcp_config: {
			sse_servers: [{url: 'https://mcp.linear.app/sse', api_key: key('lin_api_', 24)}],
			stdio_servers: [
				{name: 'fetch', command: 'uvx', args: ['mcp-server-fetch'], env: {}},
				{
					name: 'github',
					command: 'npx',
					args: ['-y', '@modelcontextprotocol/server-github'],
					env: {GITHUB_PERSONAL_ACCESS_TOKEN: key('ghp_', 22)},
				},
			],
			shttp_servers: [
				{url: 'https://mcp.tavily.com/mcp', api_key: key('tvly-dev-', 20), timeout: 60},
				{url: 'https://mcp.context7.com/mcp', api_key: null, timeout: 60},
			],
		},
		search_api_key: null,
		sandbox_api_key: null,
		max_budget_per_task: null,
		condenser_max_size: 120,
		email: null,
		email_verified: null,
		git_user_name: 'openhands',
		git_user_email: 'openhands@all-hands.dev',
		provider_tokens_set: {github: null, gitlab: 'gitlab.example.com'},
		llm_api_key_set: true,
		search_api_key_set: true,
	};
}

export const LLM_MODELS = [
	'anthropic/claude-sonnet-4-5-20250929',
	'openai/gpt-5-2025-08-07',
	'litellm_proxy/claude-opus-4-1-20250805',
	'gemini/gemini-2.5-pro',
	'openhands/claude-sonnet-4-5-20250929',
];

export const REPOSITORIES: [repo: string, provider: string, branch: string][] = [
	['octo-org/hello-world', 'github', 'main'],
	['acme/web-dashboard', 'github', 'main'],
	['acme/api-server', 'github', 'develop'],
	['infra-team/gateway', 'gitlab', 'master'],
	['acme/billing', 'bitbucket', 'develop'],
	['octo-org/data-tools', 'github', 'main'],
	['platform/terraform-modules', 'gitlab', 'main'],
];

const VERBS = ['Fix', 'Refactor', 'Add', 'Investigate', 'Document', 'Speed up', 'Remove', 'Test', 'Upgrade', 'Review'];
const THINGS = [
	'date parsing',
	'login redirect',
	'CSV export',
	'websocket reconnect',
	'pagination',
	'retry logic',
	'feature flags',
	'rate limiting',
	'search index',
	'email templates',
	'Docker build',
	'CI cache',
];
const PLACES = ['in the API', 'on the dashboard', 'for mobile', 'in billing', 'in the CLI', 'in the worker', ''];

/** A believable title for scale seeding, from a small grammar. */
export function scaleTitle(i: number): string {
	const verb = VERBS[i % VERBS.length]!;
	const thing = THINGS[Math.floor(i / VERBS.length) % THINGS.length]!;
	const place = PLACES[Math.floor(i / 7) % PLACES.length]!;
	return `${verb} ${thing}${place ? ` ${place}` : ''} (#${1000 + i})`;
}
