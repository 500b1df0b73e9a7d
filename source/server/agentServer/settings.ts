import {randomBytes} from 'node:crypto';
import {base62} from '../ids.js';
import {agentSettingsJson, llmJson} from '../sdkModels.js';

/**
 * What `GET /api/settings` and `/api/profiles` show (§3): the server's saved settings, secrets
 * redacted unless `X-Expose-Secrets` asks (`_secrets_exposure.py`). The keys are made up at start,
 * so nothing real ever sits in the stand-in.
 */
export type SavedSettings = {model: string; apiKey: string; profiles: {name: string; model: string; baseUrl: string | null; apiKey: string | null}[]};

export function demoSettings(): SavedSettings {
	const key = (prefix: string) => prefix + base62(randomBytes(30));
	return {
		model: 'anthropic/claude-sonnet-4-5-20250929',
		apiKey: key('sk-ant-api03-'),
		profiles: [
			{name: 'work-claude', model: 'anthropic/claude-sonnet-4-5-20250929', baseUrl: null, apiKey: key('sk-ant-api03-')},
			{name: 'openai', model: 'openai/gpt-5-2025-08-07', baseUrl: null, apiKey: key('sk-proj-')},
			{name: 'local-qwen', model: 'ollama/qwen3-coder:30b', baseUrl: 'http://localhost:11434', apiKey: null},
		],
	};
}

export type Exposure = 'redacted' | 'encrypted' | 'plaintext';

/**
 * `X-Expose-Secrets`: absent → redacted, `encrypted` (or the legacy `true`) → cipher text,
 * `plaintext` → the raw value, anything else → 400 with the server's message.
 */
export function readExposure(header: string | string[] | undefined): Exposure | {error: string} {
	const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase().trim() ?? '';
	if (value === '') return 'redacted';
	if (value === 'true' || value === 'encrypted') return 'encrypted';
	if (value === 'plaintext') return 'plaintext';
	return {error: `Invalid X-Expose-Secrets header value: '${value}'. Valid values are: 'encrypted', 'plaintext'.`};
}

/** A Fernet token's look (`gAAAAA…`, url-safe base64); a new one each time, as Fernet's IV and clock make it. */
function fernetLike(): string {
	return `gAAAAA${randomBytes(96).toString('base64url')}`;
}

function secret(value: string | null, exposure: Exposure): string | null {
	if (value === null) return null;
	if (exposure === 'plaintext') return value;
	return exposure === 'encrypted' ? fernetLike() : '**********';
}

/** The body of `GET /api/settings` (§3.1): exactly six top-level keys. */
export function settingsBody(saved: SavedSettings, exposure: Exposure) {
	return {
		agent_settings: agentSettingsJson(llmJson(saved.model, secret(saved.apiKey, exposure), null, 'default'), {}, new Date().toISOString().replace(/Z$/, '000Z')),
		conversation_settings: {schema_version: 1, max_iterations: 500, confirmation_mode: true, security_analyzer: 'llm'},
		llm_api_key_is_set: saved.apiKey !== '',
		active_profile: saved.profiles[0]?.name ?? null,
		active_agent_profile_id: null,
		misc_settings: {},
	};
}

/** `GET /api/profiles` (§3.2): names, models and whether a key is set; never the key. */
export function profilesBody(saved: SavedSettings) {
	return {
		profiles: saved.profiles.map(p => ({
			name: p.name,
			model: p.model,
			base_url: p.baseUrl,
			provider_connection_id: null,
			provider_connection_broken: false,
			api_key_set: p.apiKey !== null,
		})),
		active_profile: saved.profiles[0]?.name ?? null,
	};
}
