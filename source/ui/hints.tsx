/** Views tell the footer which key scopes apply right now (a form open, a detail pane, a table). */
import React, {createContext, useContext, useEffect, type ReactNode} from 'react';
import type {Scope} from './keymap.js';

const HintContext = createContext<(scopes: readonly Scope[]) => void>(() => {});

export function HintProvider({onScopes, children}: {onScopes(scopes: readonly Scope[]): void; children: ReactNode}) {
	return <HintContext.Provider value={onScopes}>{children}</HintContext.Provider>;
}

/** Reports the scopes of the component that calls it while it is mounted. */
export function useHintScopes(scopes: readonly Scope[]): void {
	const report = useContext(HintContext);
	const key = scopes.join(',');
	useEffect(() => {
		report(key ? (key.split(',') as Scope[]) : []);
	}, [report, key]);
}
