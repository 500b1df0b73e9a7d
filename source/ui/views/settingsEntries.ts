/**
 * The Settings tab's lines, from the one settings model (api/schemas/settingsModel.ts) of either
 * server generation. A group or a line the server's shape does not have is left out, not shown as
 * `—`. Keys are only ever "set / not set" (the model holds no key); what may still carry a
 * credential (URLs, command lines, legacy MCP env values the server sends in clear) goes through
 * text/secrets.ts.
 */
import type {McpServerSetting, Settings} from '../../api/schemas/index.js';
import {MASK, cost, orDash, setOrNot, yesNo} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {maskArgv, maskEnvValue, maskUrlSecrets} from '../../text/secrets.js';
import {field, heading, type Entry} from '../widgets/FieldList.js';

const when = (condition: boolean, ...entries: Entry[]): Entry[] => (condition ? entries : []);
const present = (value: unknown) => value !== null && value !== undefined;
const list = (items: readonly string[]) => (items.length ? items.map(item => clean(item)).join(', ') : 'none');

/**
 * An MCP server's command and its arguments, masked as one argv: apart, `sshpass` and its `-p PASS`
 * were judged each without the other, and the password showed (issue 27 item 1).
 */
export function commandLine(command: string | null, args: readonly string[]): string {
	return maskArgv(command ? [command, ...args] : args) || '—';
}

function mcpServer(server: McpServerSetting, index: number): Entry[] {
	const name = server.name ? clean(server.name) : `${clean(server.transport)} ${index + 1}`;
	const target = server.url ? maskUrlSecrets(server.url) : commandLine(server.command, server.args);
	const entries = [field(name, `${clean(server.transport)} · ${target}`)];
	if (server.url && (server.command || server.args.length)) entries.push(field(`${name} command`, commandLine(server.command, server.args)));
	if (server.env.length) {
		const env = server.env.map(({name: key, value}) => `${clean(key)}=${value === null ? MASK : maskEnvValue(key, value)}`);
		entries.push(field(`${name} env`, env.join(' ')));
	}
	if (server.headerNames.length) entries.push(field(`${name} headers`, server.headerNames.map(h => `${clean(h)}: ${MASK}`).join(', ')));
	if (server.auth) entries.push(field(`${name} auth`, `${clean(server.auth)}, ${setOrNot(server.secretSet)}`));
	if (server.timeout !== null) entries.push(field(`${name} timeout`, `${server.timeout}s`));
	if (server.cwd) entries.push(field(`${name} cwd`, clean(server.cwd)));
	return entries;
}

function mcpEntries(s: Settings): Entry[] {
	const servers = s.mcpServers ?? [];
	if (servers.length === 0) return [field('servers', 'none')];
	return servers.flatMap(mcpServer);
}

function llmEntries(s: Settings): Entry[] {
	const {llm} = s;
	const nested = s.shape !== 'flat';
	return [
		heading('LLM'),
		field('model', orDash(llm.model)),
		// current servers send null when the model's provider default is used (newer doc 2.1)
		field('base url', llm.baseUrl ? maskUrlSecrets(llm.baseUrl) : nested ? 'provider default' : '—'),
		field('api key', setOrNot(llm.apiKeySet)),
		...when(present(llm.authType), field('auth type', orDash(llm.authType))),
		...when(present(llm.apiVersion), field('api version', orDash(llm.apiVersion))),
		...when(present(llm.reasoningEffort), field('reasoning effort', orDash(llm.reasoningEffort))),
		...when(present(llm.temperature), field('temperature', orDash(llm.temperature))),
		...when(present(llm.maxOutputTokens), field('max output tokens', orDash(llm.maxOutputTokens))),
		...when(present(llm.awsRegion) || llm.awsKeySet, field('aws region', orDash(llm.awsRegion)), field('aws keys', setOrNot(llm.awsKeySet))),
	];
}

function profileEntries(s: Settings): Entry[] {
	const profiles = s.llmProfiles;
	if (!profiles) return [];
	const rows = profiles.profiles.map(p =>
		field(
			p.name === profiles.active ? `${clean(p.name)} (active)` : clean(p.name),
			[orDash(p.model), p.baseUrl ? maskUrlSecrets(p.baseUrl) : null, p.apiKeySet ? 'key set' : null].filter(Boolean).join(' · '),
		),
	);
	return [
		heading('LLM profiles'),
		field('active profile', profiles.active ? clean(profiles.active) : 'none'),
		...(rows.length ? rows : [field('profiles', 'none')]),
	];
}

function agentEntries(s: Settings): Entry[] {
	const {agent, conversation} = s;
	const acp = agent.kind === 'acp';
	return [
		heading('Agent'),
		...when(present(agent.kind), field('agent kind', orDash(agent.kind))),
		...when(!acp, field('agent', orDash(agent.agentClass))),
		...when(
			acp,
			field('acp server', orDash(agent.acpServer)),
			field('acp command', agent.acpCommand ? commandLine(null, agent.acpCommand) : '—'),
			field('acp model', orDash(agent.acpModel)),
			field('acp session mode', orDash(agent.acpSessionMode)),
		),
		...when(s.shape !== 'flat' && !acp, field('tools', agent.tools ? list(agent.tools) : 'standard set')),
		...when(present(agent.subAgents), field('sub-agents', yesNo(agent.subAgents))),
		...when(present(agent.toolConcurrency), field('tool concurrency', orDash(agent.toolConcurrency))),
		field('max iterations', orDash(conversation.maxIterations)),
		field('confirmation mode', yesNo(conversation.confirmationMode)),
		field('security analyzer', orDash(conversation.securityAnalyzer)),
		field('max budget per task', conversation.maxBudgetPerTask == null ? '—' : cost(conversation.maxBudgetPerTask)),
		field('language', orDash(s.language)),
		heading('Condenser'),
		field('condenser', yesNo(s.condenser.enabled)),
		...when(present(s.condenser.kind), field('condenser kind', orDash(s.condenser.kind))),
		field('condenser max size', orDash(s.condenser.maxSize)),
	];
}

function criticEntries(s: Settings): Entry[] {
	const critic = s.critic;
	if (!critic) return [];
	return [
		heading('Critic'),
		field('critic', yesNo(critic.enabled)),
		field('critic mode', orDash(critic.mode)),
		field('critic threshold', orDash(critic.threshold)),
		field('iterative refinement', yesNo(critic.iterativeRefinement)),
		field('max refinements', orDash(critic.maxRefinementIterations)),
		field('critic server', critic.serverUrl ? maskUrlSecrets(critic.serverUrl) : '—'),
		field('critic model', orDash(critic.modelName)),
		field('critic api key', setOrNot(critic.apiKeySet)),
	];
}

function sandboxEntries(s: Settings): Entry[] {
	const {sandbox} = s;
	return [
		heading('Sandbox'),
		...when(s.shape === 'nested', field('grouping strategy', orDash(sandbox.groupingStrategy))),
		field('base image', orDash(sandbox.baseImage)),
		field('runtime image', orDash(sandbox.runtimeImage)),
		field('runtime resource factor', orDash(sandbox.resourceFactor)),
	];
}

function skillEntries(s: Settings): Entry[] {
	if (!s.skills) return [];
	return [
		heading('Skills'),
		field('disabled skills', list(s.skills.disabled)),
		field('marketplaces', list(s.skills.registeredMarketplaces.map(m => maskUrlSecrets(m)))),
		field('inherited marketplaces', list(s.skills.inheritedMarketplaces.map(m => maskUrlSecrets(m)))),
	];
}

/** An agent server keeps only its LLM key among these (agent-server doc 3.1). */
function secretEntries(s: Settings): Entry[] {
	const providers = s.secrets.providerTokens;
	if (s.shape === 'agent') return [heading('Secrets'), field('llm api key', setOrNot(s.secrets.llmApiKey))];
	return [
		heading('Secrets'),
		field('llm api key', setOrNot(s.secrets.llmApiKey)),
		field('search api key', setOrNot(s.secrets.searchApiKey)),
		...(providers.length
			? providers.map(({provider, host}) => field(`${clean(provider)} token`, host ? `set, ${clean(host)}` : 'set, default host'))
			: [field('provider tokens', 'none')]),
	];
}

function featureEntries(s: Settings): Entry[] {
	const {features} = s;
	return [
		heading('Features'),
		field('sound notifications', yesNo(features.soundNotifications)),
		field('conversation starters', yesNo(features.conversationStarters)),
		...when(present(features.solvabilityAnalysis), field('solvability analysis', yesNo(features.solvabilityAnalysis))),
		field('analytics consent', yesNo(features.analyticsConsent)),
		...when(present(features.v1Enabled), field('v1 enabled', yesNo(features.v1Enabled))),
	];
}

/**
 * The lines of either app-server shape, or of an agent server's own settings (agent-server doc 3),
 * which have no sandbox, features, account or provider tokens.
 */
export function settingsEntries(s: Settings): Entry[] {
	const app = s.shape !== 'agent';
	return [
		...llmEntries(s),
		...profileEntries(s),
		...agentEntries(s),
		...criticEntries(s),
		heading('MCP servers'),
		...mcpEntries(s),
		...when(app, ...sandboxEntries(s)),
		...skillEntries(s),
		...when(app, ...featureEntries(s)),
		heading('Git identity'),
		field('user name', orDash(s.git.userName)),
		field('user email', orDash(s.git.userEmail)),
		...when(app, heading('Account'), field('email', orDash(s.account.email)), field('email verified', yesNo(s.account.emailVerified))),
		...secretEntries(s),
	];
}
