/** Views tell the footer which key scopes apply right now (a form open, a detail pane, a table). */
import React, {createContext, useContext, useEffect, type ReactNode} from 'react';
import type {Command, Scope} from '../keymap/keymap.js';

type Report = (scopes: readonly Scope[], drop: readonly Command[]) => void;

const HintContext = createContext<Report>(() => {});

export function HintProvider({onScopes, children}: {onScopes: Report; children: ReactNode}) {
	return <HintContext.Provider value={onScopes}>{children}</HintContext.Provider>;
}

/**
 * Reports the scopes of the component that calls it while it is mounted, and the commands of them
 * that do not apply to what is selected (the footer leaves them out: `p pause` on a paused sandbox).
 */
export function useHintScopes(scopes: readonly Scope[], drop: readonly Command[] = []): void {
	const report = useContext(HintContext);
	const key = scopes.join(',');
	const dropKey = drop.join(',');
	useEffect(() => {
		report(key ? (key.split(',') as Scope[]) : [], dropKey ? (dropKey.split(',') as Command[]) : []);
	}, [report, key, dropKey]);
}
