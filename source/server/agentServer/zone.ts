import type {QueryTime} from '../events/eventQuery.js';
import {formatNaive, type Micros} from '../time.js';

/**
 * The agent server's clock face: event timestamps are `datetime.now().isoformat()`, naive server-local
 * time with µs (§5.3), and query times are turned into that zone before a string compare (§5.1,
 * `normalize_datetime_to_server_timezone`). Conversation `created_at`/`updated_at` stay aware UTC.
 */
export type Zone = {offsetUs(us: Micros): number};

export const localZone: Zone = {offsetUs: us => -new Date(Math.floor(us / 1000)).getTimezoneOffset() * 60_000_000};

export const fixedZone = (minutesEast: number): Zone => ({offsetUs: () => minutesEast * 60_000_000});

/** An event's `timestamp`: `2026-11-25T11:19:13.442116` in the server's zone. */
export const naiveLocal = (zone: Zone, us: Micros): string => formatNaive(us + zone.offsetUs(us));

/**
 * A query datetime as the server compares it: naive values are taken as server-local already, aware
 * ones converted to the server's zone and made naive; then Python's `isoformat()` (µs only when non-zero).
 */
export function serverIso(zone: Zone, time: QueryTime): string {
	return time.aware ? formatNaive(time.us + zone.offsetUs(time.us)) : formatNaive(time.us);
}
