/**
 * A sandbox this session started or resumed boots for a while, and docker reports ERROR until its
 * agent server answers the health check (shared/openhands-api.md 4.1): read as a failure, that is a
 * lie. While the start or resume is being watched and the server's own deadline for a sandbox to
 * come up has not passed (`sandbox_startup_timeout`, 120 s, 5.1), the row says STARTING with the time
 * it has taken; an ERROR after that is an error.
 */
import {refKey, type Ref, type Tagged} from '../fleet/types.js';
import type {PendingAction} from '../store/types.js';
import {duration} from './format.js';

/** The app server's own wait for a sandbox to run (shared/openhands-api.md 5.1). */
export const BOOT_DEADLINE_MS = 120_000;

/** When each booting sandbox's start or resume began, by the sandbox's refKey. */
export function bootsOf(pending: readonly Tagged<PendingAction>[]): ReadonlyMap<string, number> {
	const boots = new Map<string, number>();
	for (const p of pending) {
		if ((p.kind === 'start' || p.kind === 'resume') && p.targetId !== null) boots.set(refKey({server: p.server, id: p.targetId}), p.startedAt);
	}
	return boots;
}

/** `STARTING 12s` for a booting sandbox in ERROR (or STARTING), within the server's deadline; else null. */
export function bootingText(boots: ReadonlyMap<string, number>, sandbox: Ref, status: string | null | undefined, now: number): string | null {
	return bootLabel(boots.get(refKey(sandbox)), status, now);
}

/** The same from when the start or resume began (undefined: it is not booting). */
export function bootLabel(since: number | undefined, status: string | null | undefined, now: number): string | null {
	if (since === undefined || (status !== 'ERROR' && status !== 'STARTING') || now - since >= BOOT_DEADLINE_MS) return null;
	return `STARTING ${duration(now - since)}`;
}
