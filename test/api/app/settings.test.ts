import {afterEach, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient, type Settings} from '../../../source/api/index.js';
import {fixtureJson, startGenerationServer} from '../generationServers.js';
import type {TestServer} from '../testServer.js';

const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});

async function read(flavour: 'legacy' | 'current' | 'cloud', settings?: unknown, apiKey: string | null = null): Promise<{settings: Settings | null; server: TestServer}> {
	const server = await startGenerationServer({flavour, settings, apiKey});
	const client: OpenHandsClient = createClient({baseUrl: server.url, apiKey});
	open.push(server, client);
	return {settings: await client.getSettings(), server};
}

describe('getSettings, legacy flat shape (openhands-api.md 8.4) over HTTP', () => {
	it('reads GET /api/settings into the model; the MCP key the server sends in clear is only "set"', async () => {
		const {settings, server} = await read('legacy');
		expect(server.seen.at(-1)?.path).toBe('/api/settings');
		expect(settings).toMatchObject({
			shape: 'flat',
			llm: {model: 'anthropic/claude-sonnet-4-5-20250929', baseUrl: null, apiKeySet: true},
			agent: {kind: null, agentClass: 'CodeActAgent'},
			conversation: {maxIterations: null, confirmationMode: false, securityAnalyzer: 'llm', maxBudgetPerTask: null},
			condenser: {enabled: true, maxSize: 120, kind: null},
			critic: null,
			llmProfiles: null,
			skills: null,
			sandbox: {groupingStrategy: null, baseImage: 'nikolaik/python-nodejs:python3.12-nodejs22', resourceFactor: 1},
			features: {solvabilityAnalysis: true, v1Enabled: null},
			git: {userName: 'openhands', userEmail: 'openhands@all-hands.dev'},
			secrets: {llmApiKey: true, searchApiKey: true, providerTokens: [{provider: 'github', host: null}]},
		});
		expect(settings?.mcpServers).toEqual([
			{name: null, transport: 'http', url: 'https://mcp.example.com/mcp', command: null, args: [], env: [], headerNames: [], auth: 'api key', secretSet: true, timeout: 60, cwd: null},
		]);
		expect(JSON.stringify(settings)).not.toContain('mcp-plaintext-key');
	});

	it('defaults for missing fields; a key the server should have hidden is never kept', async () => {
		const {settings} = await read('legacy', {language: 'en', llm_api_key: 'sk-live-should-not-survive', search_api_key: '**********'});
		expect(settings).toMatchObject({
			condenser: {enabled: true},
			features: {soundNotifications: false, conversationStarters: true, solvabilityAnalysis: true},
			secrets: {llmApiKey: false, providerTokens: []},
			mcpServers: null,
			llm: {model: null},
		});
		expect(JSON.stringify(settings)).not.toContain('sk-live');
	});
});

describe('getSettings, current nested shape (newer doc 2) over HTTP', () => {
	it('the doc example 2.8 through GET /api/v1/settings', async () => {
		const {settings, server} = await read('current');
		expect(server.seen.at(-1)?.path).toBe('/api/v1/settings');
		expect(settings).toMatchObject({
			shape: 'nested',
			llm: {model: 'anthropic/claude-sonnet-4-5-20250929', baseUrl: null, apiKeySet: true, authType: 'api_key', reasoningEffort: 'high'},
			agent: {kind: 'openhands', agentClass: 'CodeActAgent', tools: null, subAgents: false, toolConcurrency: 1},
			conversation: {maxIterations: 500, confirmationMode: false, securityAnalyzer: 'llm'},
			condenser: {enabled: true, maxSize: 240, kind: 'llm_summarizing'},
			critic: {enabled: false, mode: 'finish_and_message', threshold: 0.6, apiKeySet: false},
			llmProfiles: {active: null, profiles: []},
			sandbox: {groupingStrategy: 'NO_GROUPING'},
			skills: {disabled: [], registeredMarketplaces: [], inheritedMarketplaces: []},
			features: {v1Enabled: true, solvabilityAnalysis: null},
			secrets: {llmApiKey: true, searchApiKey: false, providerTokens: []},
		});
		expect(settings?.mcpServers).toEqual([
			{name: 'fetch', transport: 'stdio', url: null, command: 'uvx', args: ['mcp-server-fetch'], env: [], headerNames: [], auth: null, secretSet: false, timeout: null, cwd: null},
		]);
	});

	it('MCP by name with auth/headers/env as names only, LLM profiles with the active one, marketplaces; no secret kept', async () => {
		const {settings} = await read('current', fixtureJson('newer-settings-rich.json'));
		const byName = Object.fromEntries((settings?.mcpServers ?? []).map(s => [s.name, s]));
		expect(byName['github']).toMatchObject({transport: 'http', auth: 'bearer', secretSet: true, headerNames: ['X-Team']});
		expect(byName['fetch']).toMatchObject({transport: 'stdio', command: 'uvx', env: [{name: 'FETCH_TOKEN', value: null}]});
		expect(byName['events']).toMatchObject({transport: 'sse', timeout: 30});
		expect(settings?.llmProfiles).toEqual({
			active: 'work',
			profiles: [
				{name: 'work', model: 'openai/gpt-5.5', baseUrl: null, apiKeySet: false},
				{name: 'local', model: 'ollama/qwen3-coder', baseUrl: 'http://localhost:11434', apiKeySet: false},
			],
		});
		expect(settings?.critic).toMatchObject({enabled: true, apiKeySet: true, serverUrl: 'https://critic.example.com'});
		expect(settings?.skills).toEqual({disabled: ['github-pr-review'], registeredMarketplaces: ['team-skills'], inheritedMarketplaces: ['openhands-official']});
		expect(settings?.sandbox.groupingStrategy).toBe('GROUP_BY_NEWEST');
		expect(JSON.stringify(settings)).not.toContain('*****');
	});

	it('Cloud (Bearer only, HTML for unknown paths) with no flags: the nested settings', async () => {
		const {settings, server} = await read('cloud', undefined, 'cloud-key-5566778899');
		expect(settings?.shape).toBe('nested');
		expect(server.seen.at(-1)?.headers['authorization']).toBe('Bearer cloud-key-5566778899');
	});

	it('a legacy persisted MCP shape inside agent_settings and an `llm` agent kind are read too', async () => {
		const wire = fixtureJson('newer-2.8-settings.json') as {agent_settings: Record<string, unknown>};
		wire.agent_settings['agent_kind'] = 'llm';
		wire.agent_settings['mcp_config'] = {sse_servers: ['https://sse.example.com'], stdio_servers: [], shttp_servers: []};
		const {settings} = await read('current', wire);
		expect(settings?.agent.kind).toBe('openhands');
		expect(settings?.mcpServers).toMatchObject([{transport: 'sse', url: 'https://sse.example.com', secretSet: false}]);
	});

	it('a field of the wrong type → bad_response naming the field, no value', async () => {
		const wire = fixtureJson('newer-2.8-settings.json') as {conversation_settings: Record<string, unknown>};
		wire.conversation_settings['max_iterations'] = 'lots';
		const server = await startGenerationServer({flavour: 'current', settings: wire});
		const client = createClient({baseUrl: server.url});
		open.push(server, client);
		const error = await client.getSettings().catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'bad_response'});
		expect((error as Error).message).toContain('conversation_settings.max_iterations');
		expect((error as Error).message).not.toContain('lots');
	});
});
