/**
 * What the end of an events socket says about the next one (./socketFeed.ts decides the waits).
 *
 * - `refused`: a 4xx to the upgrade, or the agent server's 4001 (key) / 4004 (no such conversation):
 *   it will not change soon; the feed polls and asks again much later.
 * - `failed`: the upgrade was answered, yet no websocket came of it: a 101 the client failed (a
 *   wrong `Sec-WebSocket-Accept`) or a 1xx/2xx/3xx from a proxy that does not pass websockets.
 *   Taken for a drop, it was asked again every 5 s for good (12 upgrades a minute); it is a
 *   fruitless socket instead (issue 27 item 9). A 5xx stays a drop: a restart behind a proxy.
 * - `unreached`: no answer at all (refused, reset, timed out): the server is out of reach.
 * - `busy`: 1013, too many sockets on the conversation.
 * - `dropped`: anything else, after the socket opened or with a 5xx.
 */
import type {SocketClose} from '../../api/transport/eventSocket.js';

export type CloseVerdict = {kind: 'refused' | 'failed'; why: string} | {kind: 'unreached' | 'busy' | 'dropped'};

export function closeVerdict(close: SocketClose): CloseVerdict {
	const {opened, status, code, reason} = close;
	if (!opened && status !== null && status >= 400 && status < 500) return {kind: 'refused', why: `the server refused the socket (${status})`};
	if (code === 4001 || code === 4004) {
		const why = status !== null && !opened ? `the server refused the socket (${status})` : `the server closed the socket (${code}${reason ? ` ${reason}` : ''})`;
		return {kind: 'refused', why};
	}
	if (!opened && status !== null && status < 400) return {kind: 'failed', why: `the socket handshake failed (${status})`};
	if (!opened && status === null) return {kind: 'unreached'};
	return code === 1013 ? {kind: 'busy'} : {kind: 'dropped'};
}
