/**
 * useState whose value outlives the component: a view's selection, scroll and filter are still
 * there when the user comes back to its tab (views unmount on tab switch to keep renders cheap).
 */
import React, {createContext, useCallback, useContext, useRef, useState, type ReactNode} from 'react';

export type Memory = Map<string, unknown>;
const MemoryContext = createContext<Memory | null>(null);

/** The memory itself: navigation writes what a view shows before mounting it (navigation.ts). */
export function useViewMemory(): Memory | null {
	return useContext(MemoryContext);
}

export function ViewMemory({children}: {children: ReactNode}) {
	const memory = useRef<Memory>(new Map());
	return <MemoryContext.Provider value={memory.current}>{children}</MemoryContext.Provider>;
}

export function usePersistentState<T>(key: string, initial: T): [T, (update: T | ((prev: T) => T)) => void] {
	const memory = useContext(MemoryContext);
	const [value, setValue] = useState<T>(() => (memory?.has(key) ? (memory.get(key) as T) : initial));
	const set = useCallback(
		(update: T | ((prev: T) => T)) => {
			setValue(prev => {
				const next = typeof update === 'function' ? (update as (p: T) => T)(prev) : update;
				memory?.set(key, next);
				return next;
			});
		},
		[memory, key],
	);
	return [value, set];
}
