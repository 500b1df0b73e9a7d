/**
 * Every Settings field, grouped. The server hides the three API keys itself but sends MCP
 * `api_key`s and stdio `env` values in clear (shared/openhands-api.md 2.1), so those are masked here:
 * env names are shown, values never are.
 */
import type {Settings} from '../../api/schemas/index.js';
import {MASK, cost, looksSecret, maskUrl, orDash, setOrNot, yesNo} from '../format.js';
import {clean} from '../sanitize.js';
import {field, heading, type Entry} from '../widgets/FieldList.js';

/** `--token=abc` → `--token=••••`; `--api-key abc` → `--api-key ••••`. */
export function maskArgs(args: readonly string[]): string {
	const out: string[] = [];
	let hideNext = false;
	for (const raw of args) {
		const arg = clean(raw);
		const assigned = /^(-{1,2}[^=\s]+)=/.exec(arg);
		if (hideNext && !arg.startsWith('-')) out.push(MASK);
		else if (assigned && looksSecret(assigned[1]!)) out.push(`${assigned[1]}=${MASK}`);
		else out.push(arg);
		hideNext = !assigned && /^-{1,2}/.test(arg) && looksSecret(arg);
	}
	return out.join(' ');
}

function mcpEntries(s: Settings): Entry[] {
	const mcp = s.mcp_config;
	if (!mcp || (mcp.sse_servers.length + mcp.stdio_servers.length + mcp.shttp_servers.length === 0)) {
		return [field('servers', 'none')];
	}
	const entries: Entry[] = [];
	mcp.sse_servers.forEach((server, i) => {
		entries.push(field(`SSE ${i + 1} url`, maskUrl(server.url)));
		entries.push(field(`SSE ${i + 1} api key`, setOrNot(Boolean(server.api_key))));
	});
	mcp.stdio_servers.forEach((server, i) => {
		const n = `stdio ${i + 1}`;
		entries.push(field(`${n} name`, orDash(server.name)));
		entries.push(field(`${n} command`, [clean(server.command), maskArgs(server.args)].filter(Boolean).join(' ')));
		const names = Object.keys(server.env);
		entries.push(field(`${n} env`, names.length ? names.map(name => `${clean(name)}=${MASK}`).join(' ') : 'none'));
	});
	mcp.shttp_servers.forEach((server, i) => {
		entries.push(field(`HTTP ${i + 1} url`, maskUrl(server.url)));
		entries.push(field(`HTTP ${i + 1} timeout`, server.timeout == null ? '—' : `${server.timeout}s`));
		entries.push(field(`HTTP ${i + 1} api key`, setOrNot(Boolean(server.api_key))));
	});
	return entries;
}

function providerTokens(s: Settings): Entry[] {
	const providers = Object.entries(s.provider_tokens_set);
	if (!providers.length) return [field('provider tokens', 'none')];
	return providers.map(([provider, host]) => field(`${clean(provider)} token`, host ? `set, ${clean(host)}` : 'set, default host'));
}

export function settingsEntries(s: Settings): Entry[] {
	return [
		heading('LLM'),
		field('model', orDash(s.llm_model)),
		field('base url', maskUrl(s.llm_base_url) || '—'),
		field('max budget per task', s.max_budget_per_task == null ? '—' : cost(s.max_budget_per_task)),
		heading('Agent'),
		field('agent', orDash(s.agent)),
		field('language', orDash(s.language)),
		field('max iterations', orDash(s.max_iterations)),
		field('security analyzer', orDash(s.security_analyzer)),
		field('confirmation mode', yesNo(s.confirmation_mode)),
		field('default condenser', yesNo(s.enable_default_condenser)),
		field('condenser max size', orDash(s.condenser_max_size)),
		field('runtime resource factor', orDash(s.remote_runtime_resource_factor)),
		heading('Sandbox images'),
		field('base image', orDash(s.sandbox_base_container_image)),
		field('runtime image', orDash(s.sandbox_runtime_container_image)),
		heading('Features'),
		field('sound notifications', yesNo(s.enable_sound_notifications)),
		field('conversation starters', yesNo(s.enable_proactive_conversation_starters)),
		field('solvability analysis', yesNo(s.enable_solvability_analysis)),
		field('analytics consent', yesNo(s.user_consents_to_analytics)),
		heading('MCP servers'),
		...mcpEntries(s),
		heading('Git identity'),
		field('user name', orDash(s.git_user_name)),
		field('user email', orDash(s.git_user_email)),
		heading('Account'),
		field('email', orDash(s.email)),
		field('email verified', yesNo(s.email_verified)),
		heading('Secrets'),
		field('llm api key', setOrNot(s.llm_api_key_set)),
		field('search api key', setOrNot(s.search_api_key_set)),
		// The server always nulls it (3.12), so this reads "not set" unless a server ever sends one.
		field('sandbox api key', setOrNot(s.sandbox_api_key != null)),
		...providerTokens(s),
	];
}
