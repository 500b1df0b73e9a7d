/**
 * One `useInput` for the whole app. Components register handlers in layers; a key goes to modal
 * handlers first (forms, filter input, dialogs, help), then the active view, then global keys, and
 * stops at the first handler that claims it. Text fields are not separate `useInput`s: the modal
 * layer that hosts one registers with `text: true` and edits it with the presses it gets (see
 * widgets/textEdit.ts), so every key goes through this one queue. What the next press is depends on
 * who reads it (a run of typed text is one paste to a text field, keys to a list): takePress.ts.
 *
 * Several keys in one read (issue 9 item 12) are split into presses (splitKeys.ts) and handled one
 * at a time, each after the commit of the one before: a key that opens a form sends the next ones
 * into the form, and handlers that read state from their last render see the new state. React 19
 * renders Ink's updates in a Scheduler task of its own, so "after the commit" is not a timer: the
 * router bumps a counter with the press and its layout effect, which runs in the same commit as the
 * handler's updates (after the children's, where handlers register), hands the next press over.
 * The hand-over is an empty input emitted on Ink's own event emitter, so the press runs inside
 * Ink's update like any key (an empty input is no key to anyone else listening).
 */
import React, {createContext, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {useInput, usePaste, useStdin, type Key} from 'ink';
import {keyName} from './keyNames.js';
import {NO_KEY, PASTE, pressesOf, type Press} from './splitKeys.js';
import {takePress} from './takePress.js';

export type Layer = 'modal' | 'view' | 'global';
export type KeyHandler = (name: string, input: string, key: Key) => boolean;
export type KeyOptions = {
	/** this handler edits text: runs of typed characters and unbracketed pastes reach it as one PASTE press */
	text?: boolean;
	/** this handler reads Alt chords: ESC + key in one read reaches it as `alt-<key>` (else Esc, then the key) */
	alt?: boolean;
};

type Entry = {layer: Layer; order: number; handler: {current: KeyHandler}; text: boolean; alt: boolean};

type Registry = {
	add(entry: Entry): () => void;
	nextOrder(): number;
};

const RANK: Record<Layer, number> = {modal: 0, view: 1, global: 2};

/** A paste longer than this is cut: a text field holds a line, not a file. */
const MAX_PASTE = 64 * 1024;

const KeyContext = createContext<Registry | null>(null);

/** What useStdin() returns at run time: Ink 8 leaves the event emitter out of its public type.
 * The router needs it to see each event before parse-keypress and to hand presses over (above). */
type InkStdin = ReturnType<typeof useStdin> & {internal_eventEmitter?: NodeJS.EventEmitter};

export type KeyRouterProps = {
	onInterrupt: () => void;
	onSuspend?: () => void;
	/** turn the terminal's bracketed paste mode on (not for TERM=dumb: terminal/screen.ts); default true */
	bracketedPaste?: boolean;
	children: ReactNode;
};

export function KeyRouter({onInterrupt, onSuspend, bracketedPaste = true, children}: KeyRouterProps) {
	const entries = useRef<Entry[]>([]);
	const counter = useRef(0);
	const interrupt = useRef(onInterrupt);
	interrupt.current = onInterrupt;
	const suspend = useRef(onSuspend);
	suspend.current = onSuspend;
	const {internal_eventEmitter: emitter} = useStdin() as InkStdin;
	const queue = useRef<Press[]>([]);
	const chunks = useRef(0);
	/** presses wait for the commit of the one handled before them */
	const waiting = useRef(false);
	const handingOver = useRef(false);
	const [commits, setCommits] = useState(0);

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

	const dispatch = (press: Press) => {
		// Ctrl-c always quits, even from inside a text field.
		if (press.name === 'ctrl-c') {
			interrupt.current();
			return;
		}
		// Ctrl-z suspends, from anywhere, as the terminal would do it outside raw mode.
		if (press.name === 'ctrl-z' && suspend.current) {
			suspend.current();
			return;
		}
		for (const entry of entries.current) {
			if (entry.handler.current(press.name, press.input, press.key)) return;
		}
	};

	const step = () => {
		if (queue.current.length === 0) return;
		// Whatever comes next (from this read or a later one) waits for this press's commit: a
		// handler reads state from its last render.
		waiting.current = true;
		setCommits(n => n + 1);
		dispatch(takePress(queue.current, entries.current[0]));
	};

	useLayoutEffect(() => {
		if (!waiting.current) return;
		// Out of the commit phase before the next press changes state again.
		setImmediate(() => {
			waiting.current = false;
			if (queue.current.length === 0) return;
			if (!emitter) {
				step();
				return;
			}
			handingOver.current = true;
			try {
				emitter.emit('input', '');
			} finally {
				handingOver.current = false;
			}
		});
	}, [commits]);

	// The event as Ink's input parser cut it, before parse-keypress: useInput strips a leading ESC
	// (`ESC /` reads as a plain `/`). This listener is added before useInput's (a layout effect runs
	// before its passive one) and never re-added, so it always runs first for an event.
	const raw = useRef<string | null>(null);
	useLayoutEffect(() => {
		if (!emitter) return;
		const listen = (data: unknown) => {
			raw.current = typeof data === 'string' ? data : null;
		};
		emitter.on('input', listen);
		return () => {
			emitter.off('input', listen);
		};
	}, [emitter]);

	useInput((input, key) => {
		const data = raw.current;
		raw.current = null;
		if (handingOver.current && input === '') {
			step();
			return;
		}
		const chunk = ++chunks.current;
		for (const press of pressesOf(data, input, key, chunk)) queue.current.push({...press, name: keyName(press.input, press.key)});
		// Keys that came while earlier ones wait keep their order behind them.
		if (!waiting.current) step();
	});

	// A bracketed paste, whole: Ink's input parser cuts it out between ESC[200~ and ESC[201~ (across
	// reads) and hands it to paste listeners instead of useInput; usePaste also turns the terminal's
	// bracketed paste mode on while the router is mounted (and off around a suspension and at exit).
	// Ink waits for the end marker however long it takes: a terminal that lost it would hold every
	// key until the next paste brings one (ohtui's own parser, under Ink 6.8, gave up after 2 s).
	usePaste(
		text => {
			queue.current.push({name: PASTE, input: text.slice(0, MAX_PASTE), key: NO_KEY, chunk: ++chunks.current});
			if (!waiting.current) step();
		},
		{isActive: bracketedPaste},
	);

	return <KeyContext.Provider value={registry}>{children}</KeyContext.Provider>;
}

/**
 * Registers `handler` on `layer` while `active`; claims keys by returning true. In a layout effect:
 * Ink writes a frame while React commits it, and under Ink's legacy root passive effects run later
 * (a setImmediate), so a key read in between (`l` pressed the moment Esc brought the list back)
 * reached no handler of the view it was meant for; it is also in place before the next queued press.
 */
export function useKeys(layer: Layer, handler: KeyHandler, active = true, options: KeyOptions = {}): void {
	const registry = useContext(KeyContext);
	const ref = useRef(handler);
	ref.current = handler;
	const text = options.text === true;
	const alt = options.alt === true;
	useLayoutEffect(() => {
		if (!registry || !active) return;
		return registry.add({layer, order: registry.nextOrder(), handler: ref, text, alt});
	}, [registry, layer, active, text, alt]);
}
