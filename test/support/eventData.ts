/**
 * Event JSON in the SDK's shapes (shared/openhands-api-newer.md 4.4, 4.5) and the two app-server
 * event searches as the real servers answer them, quirks included (4.1, 4.2). Used by the fixture
 * server in ./activityServer.ts.
 */
import {randomUUID} from 'node:crypto';

export type RawEvent = Record<string, unknown> & {kind: string; id: string; timestamp: string; source: string};

/** Python's `datetime.isoformat()` of a naive UTC instant: microseconds, none when zero. */
export function isoformat(ms: number, micros = 0): string {
	const base = new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
	const fraction = (ms % 1000) * 1000 + micros;
	return fraction === 0 ? base : `${base}.${String(fraction).padStart(6, '0')}`;
}

const text = (value: string) => ({cache_prompt: false, type: 'text', text: value});

/** One event of a believable trajectory; `n` picks the kind. Sub-millisecond digits make ties realistic. */
export function makeEvent(n: number, ms: number): RawEvent {
	const timestamp = isoformat(ms, (n * 37) % 1000);
	const id = randomUUID();
	switch (n % 5) {
		case 0:
			return {kind: 'MessageEvent', id, timestamp, source: 'user', llm_message: {role: 'user', content: [text(`message ${n}`)]}, llm_response_id: null, activated_skills: [], extended_content: []};
		case 1:
			return {
				kind: 'ActionEvent', id, timestamp, source: 'agent', thought: [text(`thinking ${n}`)],
				action: {kind: 'ExecuteBashAction', command: `echo ${n}`, is_input: false, timeout: null, reset: false},
				tool_name: 'terminal', tool_call_id: `call-${n}`, security_risk: 'LOW',
			};
		case 2:
			return {
				kind: 'ObservationEvent', id, timestamp, source: 'environment', tool_name: 'terminal', tool_call_id: `call-${n}`, action_id: id,
				observation: {kind: 'ExecuteBashObservation', content: [text(`${n}\n[The command completed with exit code 0.]`)], is_error: false, command: `echo ${n}`, exit_code: 0},
			};
		case 3:
			return {kind: 'AgentErrorEvent', id, timestamp, source: 'agent', tool_name: 'file_editor', tool_call_id: `call-${n}`, error: `error ${n}`};
		default:
			return {kind: 'ConversationStateUpdateEvent', id, timestamp, source: 'environment', key: 'execution_status', value: 'running'};
	}
}

export function messageEvent(ms: number, body: string, source: 'user' | 'agent' = 'user'): RawEvent {
	return {
		kind: 'MessageEvent', id: randomUUID(), timestamp: isoformat(ms), source,
		llm_message: {role: source === 'user' ? 'user' : 'assistant', content: [text(body)]}, llm_response_id: null, activated_skills: [], extended_content: [],
	};
}

export function stateEvent(ms: number, value: string): RawEvent {
	return {kind: 'ConversationStateUpdateEvent', id: randomUUID(), timestamp: isoformat(ms), source: 'environment', key: 'execution_status', value};
}

export type SearchAnswer = {status: number; json?: unknown; text?: string};

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;
const internalError: SearchAnswer = {status: 500, text: 'Internal Server Error'};

function parseNaive(value: string): {ms: number; micros: number} | null {
	const m = NAIVE.exec(value);
	if (!m) return null;
	const fraction = Number((m[7] ?? '').padEnd(6, '0'));
	const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + Math.floor(fraction / 1000);
	return {ms, micros: fraction % 1000};
}

function fileName(event: RawEvent): string {
	return `${String(event.timestamp).slice(0, 19).replace(/[-T:]/g, '')}_${event.kind}_${String(event.id).replaceAll("-", "")}`;
}

type File = {event: RawEvent; name: string; second: number};
const listings = new WeakMap<readonly RawEvent[], {length: number; last: RawEvent | undefined; files: File[]}>();

/** The directory listing in name order; rebuilt only when events were added or removed (benches page 10,000). */
function listing(events: readonly RawEvent[]): File[] {
	const cached = listings.get(events);
	if (cached && cached.length === events.length && cached.last === events[events.length - 1]) return cached.files;
	const files = events.map(event => ({event, name: fileName(event), second: parseNaive(String(event.timestamp).slice(0, 19))?.ms ?? Number.NaN}));
	files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	listings.set(events, {length: events.length, last: events[events.length - 1], files});
	return files;
}

/**
 * `OH@d6fab190: event/filesystem_event_service.py`: files sorted by name; bounds compared with the
 * name's whole second as naive datetimes (an offset → TypeError → plain 500); `page_id` starts
 * *after* the named file, `next_page_id` names the first file not returned; `limit > 100` → 500.
 */
export function legacySearch(events: readonly RawEvent[], query: URLSearchParams): SearchAnswer {
	const limit = Number(query.get('limit') ?? 100);
	if (!(limit > 0)) return {status: 422, json: {detail: [{loc: ['query', 'limit'], msg: 'Input should be greater than 0'}]}};
	if (limit > 100) return internalError;
	const bound = (name: string): number | null | 'bad' => {
		const value = query.get(name);
		if (value === null) return null;
		if (/(?:Z|[+-]\d{2}:?\d{2})$/.test(value)) return 'bad';
		const parsed = parseNaive(value);
		return parsed ? parsed.ms + parsed.micros / 1000 : 'bad';
	};
	const gte = bound('timestamp__gte');
	const lt = bound('timestamp__lt');
	if (gte === 'bad' || lt === 'bad') return internalError;
	const kind = query.get('kind__eq');
	let files = listing(events).filter(f => (kind === null || f.event.kind === kind) && (gte === null || f.second >= gte) && (lt === null || f.second < lt));
	if (query.get('sort_order') === 'TIMESTAMP_DESC') files = files.reverse();
	let start = 0;
	const pageId = query.get('page_id');
	if (pageId) {
		const at = files.findIndex(f => f.name === pageId);
		if (at >= 0) start = at + 1;
	}
	const page = files.slice(start, start + limit);
	const next = start + limit < files.length ? files[start + limit]!.name : null;
	return {status: 200, json: {items: page.map(f => f.event), next_page_id: next}};
}

/** Python's isoformat of a parsed bound (string comparison with event timestamps, 4.2). */
function boundString(value: string): string | 'bad' {
	const naive = parseNaive(value);
	if (naive) return isoformat(naive.ms, naive.micros);
	const withZ = /^(.*?)(Z|[+-]\d{2}:?\d{2})$/.exec(value);
	const inner = withZ ? parseNaive(withZ[1]!) : null;
	if (!inner) return 'bad';
	return `${isoformat(inner.ms, inner.micros)}+00:00`;
}

/** `OH@1eec5880: event/event_service_base.py`: string bounds, offset page ids, 422 above 100. */
export function currentSearch(events: readonly RawEvent[], query: URLSearchParams): SearchAnswer {
	const limit = Number(query.get('limit') ?? 100);
	if (!(limit > 0) || limit > 100) {
		return {status: 422, json: {detail: [{loc: ['query', 'limit'], msg: 'Input should be less than or equal to 100'}]}};
	}
	const gteRaw = query.get('timestamp__gte');
	const ltRaw = query.get('timestamp__lt');
	const gte = gteRaw === null ? null : boundString(gteRaw);
	const lt = ltRaw === null ? null : boundString(ltRaw);
	if (gte === 'bad' || lt === 'bad') return {status: 422, json: {detail: [{loc: ['query', 'timestamp'], msg: 'Input should be a valid datetime'}]}};
	const kind = query.get('kind__eq');
	let items = events.filter(e => (kind === null || e.kind === kind) && (gte === null || e.timestamp >= gte) && (lt === null || e.timestamp < lt));
	items = [...items].sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
	if (query.get('sort_order') === 'TIMESTAMP_DESC') items.reverse();
	const pageId = query.get('page_id');
	const offset = pageId === null ? 0 : Number(pageId);
	if (!Number.isInteger(offset)) return internalError;
	const page = items.slice(offset, offset + limit);
	return {status: 200, json: {items: page, next_page_id: offset + limit < items.length ? String(offset + limit) : null}};
}
