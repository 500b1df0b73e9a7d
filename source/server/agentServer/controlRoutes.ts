import {type FieldError, json, type Reply, success, unprocessable} from '../errors.js';
import {readJsonObject} from '../jsonBody.js';
import {readPolicy} from './createRequest.js';
import {interruptAgent, pauseAgent, runAgent, setPolicy} from './drive.js';
import {asRoute, badRequest, conversationNotFound, type Ctx, detail, withConversation} from './routes.js';

/** Driving a conversation: run, pause, interrupt, confirmation policy (§7.2, §7.4). */

/** `POST …/run`: unknown → 404, already running → 409 (§7.2). */
function run(ctx: Ctx): Reply {
	return withConversation(ctx, () => detail(404, 'Not Found'), entry =>
		runAgent(ctx.state, entry) === 'already_running' ? detail(409, 'Conversation already running. Wait for completion or pause first.') : success(),
	);
}

/** `POST …/pause` and `…/interrupt`: unknown → 400, not 404. */
const pause = (ctx: Ctx) => withConversation(ctx, badRequest, entry => (pauseAgent(ctx.state, entry), success()));
const interrupt = (ctx: Ctx) => withConversation(ctx, badRequest, entry => (interruptAgent(ctx.state, entry), success()));

/** `POST …/confirmation_policy` `{"policy": {"kind": …}}`. */
function policy(ctx: Ctx): Reply {
	return withConversation(ctx, conversationNotFound, entry => {
		const read = readJsonObject(ctx.body);
		if ('errors' in read) return unprocessable(read.errors);
		const errors: FieldError[] = [];
		const value = read.body['policy'];
		const parsed = value === undefined ? null : readPolicy(value, ['body', 'policy'], errors);
		if (value === undefined) errors.push({type: 'missing', loc: ['body', 'policy'], msg: 'Field required', input: read.body});
		if (errors.length > 0 || !parsed) return unprocessable(errors);
		setPolicy(ctx.state, entry, parsed);
		return success();
	});
}

/** `POST …/security_analyzer` `{"security_analyzer": {"kind": …} | null}`: what rates the actions' risk. */
function analyzer(ctx: Ctx): Reply {
	return withConversation(ctx, conversationNotFound, entry => {
		const read = readJsonObject(ctx.body);
		if ('errors' in read) return unprocessable(read.errors);
		const value = read.body['security_analyzer'];
		if (value !== null && (typeof value !== 'object' || Array.isArray(value) || typeof (value as Record<string, unknown>)['kind'] !== 'string')) {
			return unprocessable([{type: 'model_attributes_type', loc: ['body', 'security_analyzer'], msg: 'Input should be a valid dictionary or object to extract fields from', input: value ?? null}]);
		}
		entry.c.securityAnalyzer = value === null ? null : {kind: (value as {kind: string}).kind};
		return json(200, {success: true});
	});
}

const BASE = '/api/conversations/{conversation_id}';

export const controlRoutes = [
	asRoute('POST', `${BASE}/run`, run),
	asRoute('POST', `${BASE}/pause`, pause),
	asRoute('POST', `${BASE}/interrupt`, interrupt, f => f.interrupt),
	asRoute('POST', `${BASE}/confirmation_policy`, policy),
	asRoute('POST', `${BASE}/security_analyzer`, analyzer),
];
