/**
 * One conversation's command pane (issue 28 item 4, the app's `$`): a command run in its workspace
 * (./commandRun.ts), its output as lines for a scrolling pane, cleaned and masked like every server
 * string (text/outputStream.ts), its end (the exit code the activity's header shows once the pane is
 * left with Esc: the command goes on, the lane keeps following), and the commands typed before
 * (newest last, for ↑). One command at a time; a read-only server runs none.
 *
 * A lane of its own with subscribe/getSnapshot, for `useSyncExternalStore`: snapshots are immutable
 * and change only when something did. The scrollback is bounded (`maxLines`; `dropped` counts what
 * went off the top); nothing else of the output is kept.
 */
import type {Workspace} from '../../api/agent/workspace.js';
import {outputStream} from '../../text/outputStream.js';
import {type CommandEnd, runCommand} from './commandRun.js';

export type PaneLine = {text: string; stderr: boolean};

export type PaneState = {
	command: string | null;
	running: boolean;
	/** how the output comes: over the bash socket, or by searching */
	transport: 'socket' | 'polling' | null;
	lines: readonly PaneLine[];
	/** lines that went off the top of the scrollback */
	dropped: number;
	end: CommandEnd | null;
	/** why the command could not be run (cleaned and masked already by the client's error text) */
	error: string | null;
	history: readonly string[];
};

export type PaneOptions = {maxLines?: number; maxHistory?: number; readOnly?: boolean; timeoutS?: number};

/** Characters of one line kept for the pane: the scrollback stays bounded in bytes, not only in lines. */
export const MAX_LINE_CHARS = 8192;

const EMPTY: PaneState = {command: null, running: false, transport: null, lines: [], dropped: 0, end: null, error: null, history: []};

export class CommandPane {
	private state: PaneState = EMPTY;
	private readonly listeners = new Set<() => void>();
	private stopper: AbortController | null = null;
	private readonly maxLines: number;

	constructor(
		/** the conversation's workspace (client.workspace(targetOf(conversation))) */
		private readonly open: () => Promise<Workspace>,
		private readonly options: PaneOptions = {},
	) {
		this.maxLines = options.maxLines ?? 5000;
	}

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	getSnapshot = (): PaneState => this.state;

	private set(patch: Partial<PaneState>): void {
		this.state = {...this.state, ...patch};
		for (const listener of this.listeners) listener();
	}

	/** Starts `command`; false (nothing done) while one runs, on a read-only server, or for an empty line. */
	run(command: string, timeoutS = this.options.timeoutS ?? 300): boolean {
		const line = command.trim();
		if (this.state.running || this.options.readOnly || line === '') return false;
		const history = [...this.state.history.filter(h => h !== line), line].slice(-(this.options.maxHistory ?? 100));
		this.stopper = new AbortController();
		this.set({command: line, running: true, transport: null, lines: [], dropped: 0, end: null, error: null, history});
		void this.follow(line, timeoutS, this.stopper.signal);
		return true;
	}

	/** Stops following (the command may go on on the server: the end says `stopped`). */
	stop(): void {
		this.stopper?.abort();
	}

	dispose(): void {
		this.stop();
		this.listeners.clear();
	}

	private append(stderr: boolean, text: string, partial: {held: string}): void {
		const pieces = (partial.held + text).split('\n');
		partial.held = pieces.pop()!;
		if (pieces.length === 0) return;
		// a line is kept up to MAX_LINE_CHARS (a minified file on one line would hold megabytes a line)
		const lines = [...this.state.lines, ...pieces.map(piece => ({text: piece.length > MAX_LINE_CHARS ? `${piece.slice(0, MAX_LINE_CHARS)} … (${piece.length - MAX_LINE_CHARS} more characters)` : piece, stderr}))];
		const over = Math.max(0, lines.length - this.maxLines);
		this.set({lines: over > 0 ? lines.slice(over) : lines, dropped: this.state.dropped + over});
	}

	private async follow(command: string, timeoutS: number, signal: AbortSignal): Promise<void> {
		const held = {out: {held: ''}, err: {held: ''}};
		const out = outputStream(text => this.append(false, text, held.out));
		const err = outputStream(text => this.append(true, text, held.err));
		try {
			const workspace = await this.open();
			const end = await runCommand(workspace, {command, timeoutS}, {stdout: text => out.push(text), stderr: text => err.push(text)}, {signal, onTransport: transport => this.set({transport})});
			out.end();
			err.end();
			// an output that ended without a newline: its last line
			for (const [stderr, partial] of [[false, held.out], [true, held.err]] as const) if (partial.held) this.append(stderr, '\n', partial);
			this.set({running: false, end});
		} catch (error) {
			this.set({running: false, error: error instanceof Error ? error.message : String(error)});
		}
	}
}
