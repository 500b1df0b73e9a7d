import type {IncomingHttpHeaders} from 'node:http';
import {readTime} from '../events/eventQuery.js';
import {parseUuid} from '../ids.js';
import {QueryReader} from '../query.js';
import type {Features} from './version.js';
import {serverIso, type Zone} from './zone.js';

/**
 * What an upgrade request to `/sockets/events/{conversation_id}` asks for, read the way the server
 * reads it (§6.1, `sockets.py`): anything it cannot parse (another path, a malformed id, a bad
 * `resend_mode` or `after_timestamp`) refuses the handshake with the bare 403.
 */
export type Handshake = {
	hex: string;
	/** the key from the query (which wins) or, since v1.12, the header; undefined when neither */
	key: string | undefined;
	replay: {mode: 'all'} | {mode: 'since'; from: string | null} | null;
};

const PATH = /^\/sockets\/events\/([^/]+)$/;
const TRUE = /^(1|on|t|true|y|yes)$/i;
const FALSE = /^(0|off|f|false|n|no)$/i;

export function readHandshake(url: URL, headers: IncomingHttpHeaders, features: Features, zone: Zone): Handshake | null {
	const m = PATH.exec(url.pathname);
	if (!m) return null;
	let raw: string;
	try {
		raw = decodeURIComponent(m[1]!);
	} catch {
		return null;
	}
	const id = parseUuid(raw);
	if (!('hex' in id)) return null;
	const q = new QueryReader(url.searchParams);
	const header = headers['x-session-api-key'];
	const key = q.str('session_api_key') ?? (features.wsHeaderAuth ? (Array.isArray(header) ? header[0] : header) : undefined);
	const resendAll = q.str('resend_all');
	if (resendAll !== null && !TRUE.test(resendAll.trim()) && !FALSE.test(resendAll.trim())) return null;
	const all = resendAll !== null && TRUE.test(resendAll.trim());
	if (!features.resendMode) return {hex: id.hex, key, replay: all ? {mode: 'all'} : null};
	const mode = q.str('resend_mode');
	if (mode !== null && mode !== 'all' && mode !== 'since') return null;
	const after = readTime(q, 'after_timestamp');
	if (q.errors.length > 0) return null;
	// `resend_all` is the deprecated spelling of `all`, honoured only without `resend_mode`
	const effective = mode ?? (all ? 'all' : null);
	if (effective === 'all') return {hex: id.hex, key, replay: {mode: 'all'}};
	if (effective === 'since') return {hex: id.hex, key, replay: {mode: 'since', from: after ? serverIso(zone, after) : null}};
	return {hex: id.hex, key, replay: null};
}
