import {randomUUID} from 'node:crypto';
import {PyFloat} from '../json.js';
import type {EventRecord, ToolCall} from '../events/model.js';
import {WORKING_DIR} from '../events/topics.js';
import {wireEvent} from '../events/wire.js';
import type {Micros} from '../time.js';
import type {AgentConversation} from './conversation.js';
import type {Features} from './version.js';
import {naiveLocal, type Zone} from './zone.js';

type Json = Record<string, unknown>;

/** What every rendering of an event needs to know about the server. */
export type WireCtx = {features: Features; zone: Zone; parents: ReadonlyMap<string, string>};

/**
 * Pydantic's dump of the SDK's models: `kind` is a computed field, so it comes after every declared
 * field, at every level (`sdk/utils/models.py` DiscriminatedUnionMixin); with `exclude_none` (search
 * items and socket frames since v1.32) null fields are left out, but nulls inside a plain dict stay
 * (`stats` values, §6.3): `keep` names such dict-valued keys.
 */
export function dump(value: unknown, excludeNone: boolean, keep: ReadonlySet<string> = NONE): unknown {
	if (Array.isArray(value)) return value.map(item => dump(item, excludeNone));
	if (value === null || typeof value !== 'object' || value instanceof PyFloat) return value;
	const out: Json = {};
	let kind: unknown;
	for (const [key, item] of Object.entries(value as Json)) {
		if (key === 'kind') kind = item;
		else if (!(excludeNone && (item === null || item === undefined))) out[key] = dump(item, excludeNone && !keep.has(key));
	}
	if (kind !== undefined) out['kind'] = kind;
	return out;
}

const NONE: ReadonlySet<string> = new Set();
const CSU_VALUE: ReadonlySet<string> = new Set(['value']);

/** The demo's topics are written for `/workspace/project`; a conversation elsewhere sees its own folder. */
function rehome(value: unknown, dir: string): unknown {
	if (typeof value === 'string') return value.includes(WORKING_DIR) ? value.replaceAll(WORKING_DIR, dir) : value;
	if (Array.isArray(value)) return value.map(item => rehome(item, dir));
	if (value === null || typeof value !== 'object' || value instanceof PyFloat) return value;
	const out: Json = {};
	for (const [key, item] of Object.entries(value as Json)) out[key] = rehome(item, dir);
	return out;
}

/**
 * An event as search items and socket frames have it (§5.3): `id, timestamp, source, parent_id`, its
 * fields, `kind` last; timestamps naive server-local; `parent_id` the event before it (absent on the
 * first). Before v1.32 null fields are sent too.
 */
export function eventJson(ctx: WireCtx, c: AgentConversation, record: EventRecord): Json {
	const base = wireEvent(record, ctx.features.eventShape);
	base['timestamp'] = naiveLocal(ctx.zone, record.us);
	if ('parent_id' in base) base['parent_id'] = ctx.parents.get(record.id) ?? null;
	// what a real 1.43.1 server fills in: the date for the model, the model's one-line summary of its call
	if ('dynamic_context' in base) {
		const text = `<CURRENT_DATETIME>\nThe current date and time is: ${(base['timestamp'] as string).slice(0, 16)}\n</CURRENT_DATETIME>`;
		base['dynamic_context'] = {cache_prompt: false, type: 'text', text};
	}
	if ('summary' in base && record.body.kind === 'ActionEvent') base['summary'] = summaryOf(record.body.call);
	const homed = c.workingDir === WORKING_DIR ? base : (rehome(base, c.workingDir) as Json);
	return dump(homed, ctx.features.excludeNone, record.body.kind === 'ConversationStateUpdateEvent' ? CSU_VALUE : NONE) as Json;
}

function summaryOf(call: ToolCall): string | null {
	const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
	switch (call.tool) {
		case 'terminal':
			return cut(`Run ${call.command}`);
		case 'file_editor':
			return cut(`${call.command === 'view' ? 'View' : call.command === 'create' ? 'Create' : 'Edit'} ${call.path}`);
		case 'browser_navigate':
			return cut(`Open ${call.url}`);
		default:
			return null;
	}
}

/** `GET …/events/{id}` answers with the response model: nulls included whatever the version (§5.2). */
export function eventJsonWithNulls(ctx: WireCtx, c: AgentConversation, record: EventRecord): Json {
	return eventJson({...ctx, features: {...ctx.features, excludeNone: false}}, c, record);
}

/** Frames that exist only on the socket: a fresh id and the current time, `source` and `kind` around the fields. */
function socketOnly(ctx: WireCtx, nowUs: Micros, source: string, fields: Json, kind: string): Json {
	return dump({id: randomUUID(), timestamp: naiveLocal(ctx.zone, nowUs), source, ...fields, kind}, ctx.features.excludeNone) as Json;
}

/** `ConversationStateUpdateEvent` `full_state`: first frame of every connection, and after pause/interrupt/run ends (§6.2). */
export function fullStateFrame(ctx: WireCtx, nowUs: Micros, state: Json): Json {
	return socketOnly(ctx, nowUs, 'environment', {key: 'full_state', value: state}, 'ConversationStateUpdateEvent');
}

/** The answer to a bad inbound frame (`sockets.py`, §6.6). */
export function serverErrorFrame(ctx: WireCtx, nowUs: Micros, code: string, detail: string): Json {
	return socketOnly(ctx, nowUs, 'environment', {code, detail}, 'ServerErrorEvent');
}

/** A token fragment of a streamed model answer (websocket only, never stored, §5.4). */
export function deltaFrame(ctx: WireCtx, nowUs: Micros, content: string): Json {
	return socketOnly(ctx, nowUs, 'agent', {content}, 'StreamingDeltaEvent');
}
