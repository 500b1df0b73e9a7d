/**
 * One `useInput` for the whole app. Components register handlers in layers; a key goes to modal
 * handlers first (forms, filter input, dialogs, help), then the active view, then global keys, and
 * stops at the first handler that claims it. Text inputs (ink-text-input) read stdin themselves, so a
 * modal layer that hosts one claims every key to keep `q` or `j` from leaking to the view.
 */
import React, {createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode} from 'react';
import {useInput, type Key} from 'ink';
import {keyName} from '../keymap.js';

export type Layer = 'modal' | 'view' | 'global';
export type KeyHandler = (name: string, input: string, key: Key) => boolean;

type Entry = {layer: Layer; order: number; handler: {current: KeyHandler}};

type Registry = {
	add(entry: Entry): () => void;
	nextOrder(): number;
};

const RANK: Record<Layer, number> = {modal: 0, view: 1, global: 2};

const KeyContext = createContext<Registry | null>(null);

export function KeyRouter({onInterrupt, children}: {onInterrupt: () => void; children: ReactNode}) {
	const entries = useRef<Entry[]>([]);
	const counter = useRef(0);
	const interrupt = useRef(onInterrupt);
	interrupt.current = onInterrupt;

	const registry = useMemo<Registry>(
		() => ({
			add(entry) {
				entries.current = [...entries.current, entry].sort(
					(a, b) => RANK[a.layer] - RANK[b.layer] || b.order - a.order,
				);
				return () => {
					entries.current = entries.current.filter(e => e !== entry);
				};
			},
			nextOrder: () => ++counter.current,
		}),
		[],
	);

	useInput((input, key) => {
		const name = keyName(input, key);
		// Ctrl-c always quits, even from inside a text field.
		if (name === 'ctrl-c') {
			interrupt.current();
			return;
		}
		for (const entry of entries.current) {
			if (entry.handler.current(name, input, key)) return;
		}
	});

	return <KeyContext.Provider value={registry}>{children}</KeyContext.Provider>;
}

/**
 * Registers `handler` on `layer` while `active`; returns nothing, claims keys by returning true.
 * In a layout effect: Ink writes a frame while React commits it, and under Ink's legacy root passive
 * effects run later (a setImmediate), so a key read in between (`l` pressed the moment Esc brought
 * the list back) reached no handler of the view it was meant for. Layout effects run in the commit.
 */
export function useKeys(layer: Layer, handler: KeyHandler, active = true): void {
	const registry = useContext(KeyContext);
	const ref = useRef(handler);
	ref.current = handler;
	useLayoutEffect(() => {
		if (!registry || !active) return;
		return registry.add({layer, order: registry.nextOrder(), handler: ref});
	}, [registry, layer, active]);
}
