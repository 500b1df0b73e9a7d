/**
 * What an agent server of a given version does differently, from the landmarks found by checking
 * every SDK tag (shared/openhands-agent-server.md §0, §9). The stand-in imitates 1.43.1 by default;
 * `version: '1.1.0'` gives what legacy app servers launch in their sandboxes.
 */
export type Features = {
	version: string;
	/** `/server_info` with sdk/tools versions, usable tools, capabilities… (else only 6 fields) */
	fullServerInfo: boolean;
	/** `/health` as `{"status":"ok"}` (v1.21; before: the JSON string `"OK"`) and `/ready` (else 404) */
	jsonHealth: boolean;
	/** `GET /api/settings` (v1.17) and `/api/profiles` (v1.22) */
	settings: boolean;
	profiles: boolean;
	/** `POST …/interrupt` (v1.23) */
	interrupt: boolean;
	/** storage-order event search and the 50-subscriber cap (v1.23; before: sorted by timestamp string, no cap) */
	storageOrder: boolean;
	subscriberCap: boolean;
	/** event search items and websocket frames without null fields (v1.32; before: with nulls) */
	excludeNone: boolean;
	/** `source` and `body` search filters (v1.3) */
	sourceFilter: boolean;
	/** websocket key in the `X-Session-API-Key` header (v1.12) and the first frame (v1.19) */
	wsHeaderAuth: boolean;
	wsFrameAuth: boolean;
	/** `resend_mode` / `after_timestamp` (v1.15; before: `resend_all` only) */
	resendMode: boolean;
	/** a bad inbound frame gets a `ServerErrorEvent` (v1.16; before: logged and ignored) */
	wsErrorEvent: boolean;
	/** `respond_to_confirmation` with `accept:false` rejects (v1.6; before: it acts as pause, issue 21 item 1) */
	rejects: boolean;
	/** 500 bodies carry an `error_id` (after 1.1.0) */
	errorId: boolean;
	/** git routes with `?path=` (by v1.13; 1.1.0 has the path forms `/api/git/changes/{path}`) */
	gitQuery: boolean;
	/** `/api/file/download?path=` and `/upload?path=` (v1.13.1); the path forms `/download/{path}` went in v1.20 */
	fileQuery: boolean;
	filePathForms: boolean;
	/** `GET /api/file/archive` (v1.30): the workspace's git patch */
	archive: boolean;
	/** `order__gt` in the bash event search (v1.13) */
	bashOrderFilter: boolean;
	/** event shapes: the SDK 1.1 classes (ExecuteBashAction…) or the current ones */
	eventShape: 'sdk1.1' | 'sdk1.37';
};

export const DEFAULT_VERSION = '1.43.1';

/** `1.43.1` → [1, 43, 1]; a version that does not parse counts as the newest. */
function parts(version: string): [number, number, number] {
	const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
	return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [Number.MAX_SAFE_INTEGER, 0, 0];
}

function atLeast(version: string, landmark: string): boolean {
	const a = parts(version);
	const b = parts(landmark);
	for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
	return true;
}

export function featuresOf(version: string = DEFAULT_VERSION): Features {
	const since = (landmark: string) => atLeast(version, landmark);
	return {
		version,
		fullServerInfo: since('1.2.0'),
		jsonHealth: since('1.21.0'),
		settings: since('1.17.0'),
		profiles: since('1.22.0'),
		interrupt: since('1.23.0'),
		storageOrder: since('1.23.0'),
		subscriberCap: since('1.23.0'),
		excludeNone: since('1.32.0'),
		sourceFilter: since('1.3.0'),
		wsHeaderAuth: since('1.12.0'),
		wsFrameAuth: since('1.19.0'),
		resendMode: since('1.15.0'),
		wsErrorEvent: since('1.16.0'),
		rejects: since('1.6.0'),
		errorId: since('1.2.0'),
		gitQuery: since('1.13.0'),
		fileQuery: since('1.13.1'),
		filePathForms: !since('1.20.0'),
		archive: since('1.30.0'),
		bashOrderFilter: since('1.13.0'),
		eventShape: since('1.2.0') ? 'sdk1.37' : 'sdk1.1',
	};
}
