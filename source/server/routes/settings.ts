import {currentSettingsView} from '../currentSettings.js';
import {json, type Reply} from '../errors.js';
import {type Ctx, route} from '../router.js';

const settingsNotFound = (): Reply => json(404, {error: 'Settings not found'});

/** Legacy `GET /api/settings` (2.1); the stored record already has the secrets nulled and the `*_set` flags. */
function legacySettings(ctx: Ctx): Reply {
	if (!ctx.withSettings || !ctx.state.settings) return settingsNotFound();
	return json(200, ctx.state.settings);
}

/** Current `GET /api/v1/settings` (newer doc 2.1): nested shape, masked on every read. */
function currentSettings(ctx: Ctx): Reply {
	if (!ctx.withSettings || !ctx.state.settings) return settingsNotFound();
	return json(200, currentSettingsView(ctx.state, ctx.state.settings));
}

const POSTHOG_KEY = 'phc_3ESMmY9SgqEAGBB6sMGK5ayYHkeUuknH2vP6FmWH9RA';

/** Legacy `GET /api/options/config` (`ServerConfig.get_config`, newer doc 1.2 row 3). */
function legacyConfig(): Reply {
	return json(200, {
		APP_MODE: 'oss',
		GITHUB_CLIENT_ID: '',
		POSTHOG_CLIENT_KEY: POSTHOG_KEY,
		FEATURE_FLAGS: {ENABLE_BILLING: false, HIDE_LLM_SETTINGS: false},
	});
}

/** Current `GET /api/v1/web-client/config` (newer doc 1.3): public; `app_mode` tells OSS from SaaS. */
function webClientConfig(ctx: Ctx): Reply {
	return json(200, {
		kind: 'WebClientConfig',
		app_mode: ctx.state.cloud ? 'saas' : 'oss',
		posthog_client_key: POSTHOG_KEY,
		feature_flags: {
			enable_billing: false,
			hide_llm_settings: false,
			enable_jira: false,
			enable_jira_dc: false,
			enable_linear: false,
			hide_users_page: false,
			hide_billing_page: false,
			hide_integrations_page: false,
			deployment_mode: null,
		},
		providers_configured: ctx.state.cloud ? ['github', 'gitlab', 'bitbucket'] : [],
		maintenance_start_time: null,
		auth_url: null,
		recaptcha_site_key: null,
		faulty_models: [],
		error_message: null,
		updated_at: '2026-01-01T00:00:00Z',
		github_app_slug: null,
		slack_enabled: false,
	});
}

export const settingsRoutes = [
	route('GET', '/api/settings', legacySettings, 'legacy'),
	route('GET', '/api/options/config', legacyConfig, 'legacy'),
	route('GET', '/api/v1/settings', currentSettings, 'current'),
	route('GET', '/api/v1/web-client/config', webClientConfig, 'current'),
];
