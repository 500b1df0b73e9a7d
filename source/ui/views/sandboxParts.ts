/** Columns and detail entries of the Sandboxes view. */
import type {Sandbox} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import type {LostWatch, PendingAction} from '../../store/types.js';
import {absoluteTime, maskSecret, maskUrl, orDash, pendingLabel, relativeTime} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {maskField} from '../../text/secrets.js';
import {BOOT_DEADLINE_MS, bootLabel} from '../../present/booting.js';
import {lostText} from './conversationParts.js';
import {field, heading, type Entry} from '../widgets/FieldList.js';
import type {Column} from '../widgets/columns.js';

/** a row's key: its server and id (ids repeat when two profiles share a server) */
export const sandboxKey = (row: Tagged<Sandbox>) => refKey(row);

/** Pending actions by the sandbox's refKey: the row shows "pausing…" the moment the key is pressed. */
export function pendingBySandbox(pending: readonly Tagged<PendingAction>[]): ReadonlyMap<string, PendingAction> {
	const map = new Map<string, PendingAction>();
	for (const p of pending) {
		if (p.targetId && p.kind !== 'create') map.set(refKey({server: p.server, id: p.targetId}), p);
	}
	return map;
}

/** a start or resume: the sandbox boots after it */
export const isBoot = (p: PendingAction) => p.kind === 'start' || p.kind === 'resume';

/**
 * The status a sandbox reads as (the footer's keys and `f` go by it): STARTING while it boots after
 * this session's start or resume (./booting.ts), else what the server says.
 */
export function shownStatus(pending: ReadonlyMap<string, PendingAction>, s: Tagged<Sandbox>, now: number): string | null | undefined {
	const p = pending.get(refKey(s));
	return p && isBoot(p) && bootLabel(p.startedAt, s.status, now) ? 'STARTING' : s.status;
}

/** How many boots are within the deadline (what shownStatus says changes when this does). */
export function bootsUnderWay(pending: ReadonlyMap<string, PendingAction>, now: number): number {
	let n = 0;
	for (const p of pending.values()) if (isBoot(p) && now - p.startedAt < BOOT_DEADLINE_MS) n++;
	return n;
}

/**
 * A watch that gave up on this sandbox while it still shows the status last seen: that status may be
 * old (the row marks it with "?", the detail says "no longer watched, last seen …").
 */
function lostOn(s: Tagged<Sandbox>, lost: Readonly<Record<string, LostWatch>> | undefined): LostWatch | undefined {
	const entry = lost?.[refKey(s)];
	return entry && entry.lastStatus === s.status ? entry : undefined;
}

/** the longest text of `rows` (at least `floor`): a growing column grows no wider than what it shows */
const longest = (rows: readonly Tagged<Sandbox>[], text: (s: Tagged<Sandbox>) => string, floor: number) => rows.reduce((most, s) => Math.max(most, text(s).length), floor);

/**
 * `pending` and `lost` by refKey; `rows` size the columns to what they show (at 80 columns the spec
 * was cut to `ghcr.io/o…8-python`). The id and the spec share what is left, the spec up to its
 * longest value and the id the rest (the table spans the width); the spec keeps its end (name and
 * tag: the registry is the same on every row), the id both ends; STATUS is as wide as a status with
 * its mark (`MISSING?`, `pausing…`), wider only while a sandbox of this session boots (`STARTING 12s`).
 */
export function sandboxColumns(
	pending: ReadonlyMap<string, PendingAction>,
	lost?: Readonly<Record<string, LostWatch>>,
	server: Column<Tagged<Sandbox>> | null = null,
	rows: readonly Tagged<Sandbox>[] = [],
): Column<Tagged<Sandbox>>[] {
	const booting = [...pending.values()].some(isBoot);
	const statusWidth = Math.min(14, Math.max(booting ? 12 : 9, longest(rows, s => clean(s.status), 0) + 1));
	return [
		...(server ? [server] : []),
		{id: 'id', title: 'ID', width: 20, grow: 1, drop: 0, middle: true, text: s => maskField(s.id)},
		{
			id: 'status',
			title: 'STATUS',
			width: statusWidth,
			drop: 0,
			sortLetter: 'A',
			// Shown exactly as sent (a newer server may add values). While the call is on the wire the
			// row says what was asked ("pausing…"); while the store watches for the target state it shows
			// what the server reports (a booting docker sandbox reads ERROR) with a trailing "…".
			text: (s, now) => {
				const p = pending.get(refKey(s));
				if (!p) return lostOn(s, lost) ? `${clean(s.status)}?` : clean(s.status);
				if (p.phase === 'calling') return pendingLabel(p.kind);
				// a sandbox booting after a start or resume of this session: STARTING, not ERROR (./booting.ts)
				return bootLabel(isBoot(p) ? p.startedAt : undefined, s.status, now) ?? `${clean(s.status)}…`;
			},
			color: (s, t) => (pending.has(refKey(s)) || lostOn(s, lost) ? t.warn : t.status(s.status)),
		},
		{id: 'spec', title: 'SPEC', width: 16, grow: 2, max: longest(rows, s => clean(s.sandbox_spec_id), 16), drop: 2, keepEnd: true, sortLetter: 'E', text: s => maskField(s.sandbox_spec_id)},
		// `12mo ago`, `CREATED↑`
		{id: 'created', title: 'CREATED', width: 8, drop: 1, noFilter: true, sortLetter: 'C', text: (s, now) => relativeTime(s.created_at, now), sortKey: s => s.created_at},
		// `URLS↓`
		{id: 'urls', title: 'URLS', width: 5, drop: 3, align: 'right', noFilter: true, sortLetter: 'U', sortKey: s => s.exposed_urls?.length ?? 0, text: s => String(s.exposed_urls?.length ?? 0)},
	];
}

type ExposedUrl = NonNullable<Sandbox['exposed_urls']>[number];

/** An exposed URL's name as the details and the URL picker show it: masked, as `ls sandboxes --json` masks it. */
export const exposedUrlName = (u: ExposedUrl): string => maskField(u.name) || '(unnamed)';

/** A line of the URL picker: the name and the URL, both masked (the token goes only into the copy). */
export const exposedUrlLabel = (u: ExposedUrl): string => `${exposedUrlName(u)}  ${maskUrl(u.url)}`;

export function sandboxEntries(
	s: Tagged<Sandbox>,
	now: number,
	pending: PendingAction | undefined,
	lost?: Readonly<Record<string, LostWatch>>,
): Entry[] {
	const urls = s.exposed_urls ?? [];
	const gaveUp = lostOn(s, lost);
	const booting = pending && isBoot(pending) ? bootLabel(pending.startedAt, s.status, now) : null;
	const status = booting ? `${booting} (the server reports ${clean(s.status)} while its agent server boots)` : pending ? `${clean(s.status)} (${pendingLabel(pending.kind)})` : gaveUp ? `${clean(s.status)} (${lostText(gaveUp, now)})` : clean(s.status);
	return [
		field('id', maskField(s.id)),
		field('status', status),
		field('spec', maskField(s.sandbox_spec_id)),
		field('created', `${absoluteTime(s.created_at)} (${relativeTime(s.created_at, now)})`),
		field('created by', orDash(maskField(s.created_by_user_id))),
		field('session api key', maskSecret(s.session_api_key)),
		heading(`Exposed urls (${urls.length})`),
		...(urls.length
			? urls.map(u => field(exposedUrlName(u), maskUrl(u.url) + (u.port != null ? `  (port ${u.port})` : '')))
			: [field('none', s.status === 'RUNNING' ? '—' : 'only while RUNNING')]),
	];
}
