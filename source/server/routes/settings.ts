import {json, type Reply, unauthorized} from '../errors.js';
import {type Ctx, route} from '../router.js';

/**
 * With SESSION_API_KEY set, legacy routes need `X-Session-API-Key` (1.5). ohtui also has a bearer
 * mode (the SaaS style), so `Authorization: Bearer <key>` is accepted as well.
 */
export function authorized(ctx: Ctx): boolean {
	if (!ctx.apiKey) return true;
	if (ctx.headers['x-session-api-key'] === ctx.apiKey) return true;
	const auth = ctx.headers.authorization;
	return typeof auth === 'string' && /^bearer\s+/i.test(auth) && auth.replace(/^bearer\s+/i, '') === ctx.apiKey;
}

/** `GET /api/settings` (2.1); the stored record already has the secrets nulled and the `*_set` flags. */
function getSettings(ctx: Ctx): Reply {
	if (!authorized(ctx)) return unauthorized();
	if (!ctx.withSettings || !ctx.state.settings) return json(404, {error: 'Settings not found'});
	return json(200, ctx.state.settings);
}

export const settingsRoutes = [route('GET', '/api/settings', getSettings)];
