/**
 * An agent server's own settings (shared/openhands-agent-server.md 3): `GET /api/settings` (six
 * top-level keys; secrets redacted to `**********` or null) and its LLM profiles
 * (`GET /api/profiles`, since 1.22), read into the one settings model (shape `agent`). App
 * preferences (language, sound, analytics, git identity, disabled skills) live in
 * `misc_settings.app_preferences` since 1.27 (Agent Canvas's notes).
 */
import {z} from 'zod';
import type {CallOptions} from '../types.js';
import {errorFromResponse} from '../transport/errorFromResponse.js';
import type {ErrorContext} from '../errorText.js';
import {ApiError, isApiError} from '../errors.js';
import type {Http, HttpResponse} from '../transport/http.js';
import {parseJsonBody, parseWith} from '../transport/parseBody.js';
import {currentMcp, fromNested} from '../app/readSettings.js';
import {type LlmProfileSetting, type NestedSettingsWire, type Settings, agentSettingsSchema, conversationSettingsSchema, nullable} from '../schemas/index.js';

const preferencesSchema = z
	.looseObject({
		language: z.string().nullable().optional().catch(null),
		enable_sound_notifications: z.boolean().nullable().optional().catch(null),
		user_consents_to_analytics: z.boolean().nullable().optional().catch(null),
		git_user_name: z.string().nullable().optional().catch(null),
		git_user_email: z.string().nullable().optional().catch(null),
		disabled_skills: z.array(z.string()).nullable().optional().catch(null),
	})
	.nullable()
	.optional()
	.catch(null);

export const agentServerSettingsSchema = z.object({
	agent_settings: agentSettingsSchema,
	conversation_settings: nullable(conversationSettingsSchema),
	llm_api_key_is_set: nullable(z.boolean()).catch(null),
	active_profile: nullable(z.string()).catch(null),
	misc_settings: z.looseObject({app_preferences: preferencesSchema}).nullable().optional().catch(null),
});

const profilesSchema = z.object({
	profiles: z.array(
		z.looseObject({
			name: z.string(),
			model: z.string().nullable().optional().catch(null),
			base_url: z.string().nullable().optional().catch(null),
			api_key_set: z.boolean().nullable().optional().catch(null),
		}),
	),
	active_profile: z.string().nullable().optional().catch(null),
});

/** The body of `GET /api/settings` as the model; bad_response naming the field otherwise. */
export function readAgentSettings(ctx: ErrorContext, json: unknown, status: number, profiles: LlmProfileSetting[] | null): Settings {
	const wire = parseWith(ctx, agentServerSettingsSchema, json, status);
	const prefs = wire.misc_settings?.app_preferences ?? null;
	// the nested reader does the shared work; what an agent server does not have stays null
	const nested: NestedSettingsWire = {
		language: prefs?.language ?? null,
		remote_runtime_resource_factor: null,
		enable_sound_notifications: prefs?.enable_sound_notifications ?? null,
		enable_proactive_conversation_starters: null,
		user_consents_to_analytics: prefs?.user_consents_to_analytics ?? null,
		sandbox_base_container_image: null,
		sandbox_runtime_container_image: null,
		disabled_skills: prefs?.disabled_skills ?? null,
		max_budget_per_task: null,
		email: null,
		email_verified: null,
		git_user_name: prefs?.git_user_name ?? null,
		git_user_email: prefs?.git_user_email ?? null,
		v1_enabled: null,
		agent_settings: wire.agent_settings,
		conversation_settings: wire.conversation_settings,
		sandbox_grouping_strategy: null,
		llm_profiles: null,
		registered_marketplaces: null,
		inherited_marketplaces: null,
		provider_tokens_set: {},
		llm_api_key_set: wire.llm_api_key_is_set ?? false,
		search_api_key_set: false,
	};
	const model = fromNested(nested, currentMcp(ctx, wire.agent_settings.mcp_config, status));
	return {
		...model,
		shape: 'agent',
		llmProfiles: {active: wire.active_profile, profiles: profiles ?? []},
	};
}

/** `GET /api/profiles` (1.22+); an older server (404) has none: null, the settings still show. */
async function readProfiles(http: Http, options?: CallOptions): Promise<LlmProfileSetting[] | null> {
	try {
		const list = await http.json({method: 'GET', path: '/api/profiles', signal: options?.signal, deadlineMs: options?.deadlineMs}, profilesSchema);
		return list.profiles.map(p => ({name: p.name, model: p.model ?? null, baseUrl: p.base_url ?? null, apiKeySet: p.api_key_set ?? false}));
	} catch (error) {
		if (isApiError(error) && error.kind === 'not_found') return null;
		throw error;
	}
}

/**
 * `GET /api/settings` came with SDK 1.17 (agent-server doc 9): an older agent server (1.1.0, what
 * legacy app servers launch) answers FastAPI's 404. That is final, not a failure to retry.
 */
export function noSettingsRoute(raw: HttpResponse, what: string): ApiError | null {
	if (raw.status !== 404) return null;
	return new ApiError({kind: 'unsupported', status: 404, message: `this agent server keeps no settings${what} (SDK 1.17 and later)`, operation: 'GET /api/settings'});
}

/** Settings and profiles, two requests one after the other (never two at once to one server for one view). */
export async function getAgentSettings(http: Http, options?: CallOptions): Promise<Settings> {
	const raw = await http.send({method: 'GET', path: '/api/settings', signal: options?.signal, deadlineMs: options?.deadlineMs});
	const none = noSettingsRoute(raw, '');
	if (none) throw none;
	if (raw.status < 200 || raw.status >= 300) throw errorFromResponse(raw.ctx, raw);
	const json = parseJsonBody(raw.ctx, raw);
	const profiles = await readProfiles(http, options);
	return readAgentSettings(raw.ctx, json, raw.status, profiles);
}
