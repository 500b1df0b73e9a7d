import {useEffect, useReducer} from 'react';
import {BOOT_DEADLINE_MS} from '../../present/booting.js';
import type {PendingAction} from '../../store/types.js';

/**
 * Draws again every second while a sandbox of this session boots (the elapsed time moves), and not
 * at all otherwise: a quiet screen writes nothing.
 */
export function useBootTick(pending: readonly PendingAction[], now: () => number): void {
	const [, tick] = useReducer((n: number) => n + 1, 0);
	const booting = pending.some(p => (p.kind === 'start' || p.kind === 'resume') && p.phase !== 'calling' && now() - p.startedAt < BOOT_DEADLINE_MS);
	useEffect(() => {
		if (!booting) return;
		const timer = setInterval(tick, 1000);
		return () => clearInterval(timer);
	}, [booting]);
}
