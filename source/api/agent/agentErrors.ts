import type {AgentCommand} from '../types.js';
import {type RawResponse, bodyDetail, errorFromResponse} from '../transport/errorFromResponse.js';
import {type ErrorContext, makeError} from '../errorText.js';
import type {ApiError} from '../errors.js';
import {isLoopbackHost} from './loopback.js';

/**
 * Failures of agent-server calls and of send-message, in words a person can act on. The statuses
 * and details are those of shared/openhands-api-newer.md 5.1 (app server) and 5.2, 6 (agent server).
 */

export type AgentCall = AgentCommand | 'send' | 'policy' | 'delete' | 'read' | 'git';

/**
 * A non-2xx answer of the agent server (`where` is its host:port). `direct`: the user's own agent
 * server (its key is the user's: a 401 says to check it, as any server's does).
 */
export function agentServerError(ctx: ErrorContext, raw: RawResponse, call: AgentCall, where: string, direct = false): ApiError {
	const {status} = raw;
	const detail = bodyDetail(raw, ctx);
	const said = detail && !/^(?:bad request|not found|unauthorized|conflict)$/i.test(detail) ? `: ${detail}` : '';
	switch (status) {
		case 401:
		case 403:
			if (direct) return errorFromResponse(ctx, raw);
			return makeError(ctx, {kind: 'unauthorized', status, message: `the agent server at ${where} refused the sandbox's session key (${status})`});
		case 404:
			if (call === 'git') return makeError(ctx, {kind: 'not_found', status, message: `the agent server at ${where} has no git routes (404)`});
			// events routes say `Conversation not found: <id>`; the others a bare `Not Found` (doc 4.1, 5)
			return makeError(ctx, {kind: 'not_found', status, message: `the agent server at ${where} does not know this conversation (404)`});
		case 400:
			if (call === 'git') return makeError(ctx, {kind: 'validation', status, message: `git failed on the agent server${said || ' (400)'}`});
			// pause answers a bare 400 for an unknown conversation (the service returns false, section 6)
			return makeError(ctx, {
				kind: 'validation',
				status,
				message: said ? `the agent server refused (400)${said}` : `the agent server at ${where} does not know this conversation (400)`,
			});
		case 409:
			return makeError(ctx, {
				kind: 'validation',
				status,
				message: call === 'run' ? 'the agent is already running (409)' : `the agent server refused (409)${said}`,
			});
		case 410:
			return makeError(ctx, {kind: 'not_found', status, message: 'the sandbox no longer exists (410)'});
		case 502:
		case 504:
			return makeError(ctx, {kind: 'unreachable', status, message: `the agent server at ${where} is not answering (${status}): its sandbox may be stopping or starting`});
		case 503:
			return makeError(ctx, {kind: 'server', status, message: `the agent server is not ready (503)${said}`});
		default:
			if (status === 422) return makeError(ctx, {kind: 'validation', status, message: `the agent server rejected the request (422)${said}`});
			return errorFromResponse(ctx, raw);
	}
}

/** A non-2xx answer of `POST /api/v1/app-conversations/{id}/send-message` (5.1). */
export function sendMessageError(ctx: ErrorContext, raw: RawResponse): ApiError {
	const {status} = raw;
	const detail = bodyDetail(raw, ctx) ?? '';
	switch (status) {
		case 404:
			return makeError(ctx, {
				kind: 'not_found',
				status,
				message: /sandbox not found/i.test(detail)
					? "the conversation's sandbox no longer exists (404)"
					: 'the server does not know this conversation (404)',
			});
		case 410:
			return makeError(ctx, {kind: 'not_found', status, message: 'the sandbox no longer exists: the conversation is archived (410)'});
		case 409: {
			// the route's own 409 names the sandbox state (5.1); any other conflict says it in its own words
			const state = /sandbox is (\w+)/i.exec(detail)?.[1]?.toUpperCase();
			const message =
				state === 'PAUSED'
					? 'the sandbox is paused: resume it first (409)'
					: state === 'STARTING'
						? 'the sandbox is still starting: send again once it runs (409)'
						: state
							? `the sandbox is ${state.toLowerCase()} (409)`
							: `the server refused the message (409)${detail ? `: ${detail}` : ''}`;
			return makeError(ctx, {kind: 'validation', status, message});
		}
		case 503:
			return makeError(ctx, {
				kind: 'server',
				status,
				message: /error state/i.test(detail)
					? 'the sandbox is in an error state and cannot take messages (503)'
					: /agent server url/i.test(detail)
						? 'the sandbox has no agent server yet (503)'
						: `the server cannot deliver messages now (503)${detail ? `: ${detail}` : ''}`,
			});
		case 502: {
			const answered = /agent server error: (\d{3})/i.exec(detail)?.[1];
			const message = answered
				? `the agent server refused the message (it answered ${answered} to the OpenHands server)`
				: /failed to reach/i.test(detail)
					? 'the OpenHands server could not reach the agent server (502)'
					: `the OpenHands server could not deliver the message (502)${detail ? `: ${detail}` : ''}`;
			return makeError(ctx, {kind: 'server', status, message});
		}
		default:
			return errorFromResponse(ctx, raw);
	}
}

const PRIVATE = /^(?:10\.\d+|172\.(?:1[6-9]|2\d|3[01])|192\.168)\.\d+\.\d+$/;

/**
 * The transport could not connect: say so about the agent server, and why that is likely when the
 * address it was given only makes sense inside the server's own network. A request that was sent
 * and then timed out says that instead (the agent server was reached).
 */
export function unreachableAgent(error: ApiError, ctx: ErrorContext, where: string, hostname: string): ApiError {
	if (error.kind !== 'unreachable' && error.kind !== 'timeout') return error;
	const withoutOperation = error.message.replace(/\s*\([^()]*\)$/, '');
	if (error.unanswered) {
		// it was reached and took the request: whether it acted on it is unknown (issue 21 item 6)
		return makeError(ctx, {kind: error.kind, unanswered: true, message: withoutOperation.replace(/^connection to \S+/, `the connection to the agent server at ${where}`)});
	}
	if (error.kind === 'timeout' && !withoutOperation.startsWith('cannot connect')) {
		// connected and sent, then no (whole) answer: it was reachable, and may have done it
		return makeError(ctx, {kind: 'timeout', message: withoutOperation.replace(/^server /, `the agent server at ${where} `)});
	}
	const reason = /^cannot reach .*\(([^()]*)\)$/.exec(withoutOperation)?.[1] ?? withoutOperation;
	const hint = isLoopbackHost(hostname)
		? ''
		: PRIVATE.test(hostname)
			? `; the server advertises a private address (${hostname}), reachable only from its own network`
			: !hostname.includes('.') || /docker|\.internal$/i.test(hostname)
				? `; the server advertises a container host name (${hostname})`
				: '';
	return makeError(ctx, {
		kind: error.kind,
		...(error.status === undefined ? {} : {status: error.status}),
		message: `the agent server at ${where} is not reachable from here: ${reason}${hint}`,
	});
}
