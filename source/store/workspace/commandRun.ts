/**
 * Runs one command in a conversation's workspace and follows its output (issue 28 item 2): what
 * `ohtui exec` prints and what the app's command pane will show.
 *
 * The agent server publishes a command's output only when it ends, or per 1 MiB while it runs
 * (/work/realserver FINDINGS §5): nothing finer can be had. The outputs come by the bash events
 * socket where it can be had (opened before the command starts, so nothing is missed; outputs that
 * arrive before the start's answer names the command are held until it does), else by searching
 * the command's outputs at a short pace (from the last one seen: `timestamp__gte`). A socket that
 * closes, or stays silent while the command runs, hands over to searching; the `order` of each
 * output keeps them in sequence and shown once.
 *
 * Memory stays bounded whatever the command prints: the sink may answer with a promise (a pipe
 * that reads slowly), and outputs wait for it in order. Searching asks for more only once the sink
 * took what it had; a socket cannot be slowed, so when what waits passes MAX_WAITING the socket is
 * let go and searching takes over from the last output it had.
 */
import type {BashOutput, Workspace} from '../../api/agent/workspace.js';
import {isApiError} from '../../api/errors.js';

/** Where the output goes; a promise says the reader is behind (the next output waits for it). */
export type CommandSink = {stdout(text: string): void | Promise<void>; stderr(text: string): void | Promise<void>};

export type CommandEnd =
	| {kind: 'exited'; code: number; commandId: string}
	/** the server stopped it at its time-out (`exit_code` -1 after it ran) */
	| {kind: 'timed-out'; commandId: string; seconds: number}
	/** it never ran (a working directory that does not exist…): the server's words */
	| {kind: 'not-started'; commandId: string; message: string}
	/** ended by a signal (`exit_code` -N) */
	| {kind: 'killed'; commandId: string; signal: number}
	/** the caller stopped following (Ctrl-c): the command may go on on the server */
	| {kind: 'stopped'; commandId: string | null}
	/** no end heard from the server within its time-out and a grace; `why`: the last search's failure */
	| {kind: 'lost'; commandId: string; seconds: number; why: string | null};

export type RunOptions = {
	signal?: AbortSignal;
	/** 'poll': never open the socket (a proxy known not to pass websockets, tests) */
	transport?: 'auto' | 'poll';
	/** told how the output comes: 'socket', or 'polling' (from the start, or after the socket went) */
	onTransport?(kind: 'socket' | 'polling'): void;
	/** first and longest pause between searches (default 200 ms, growing to 1 s) */
	pollMs?: number;
	maxPollMs?: number;
	/** a silent socket is checked by a search this often (default 10 s) */
	socketCheckMs?: number;
	/** past the command's time-out, how long to wait for its end (default 15 s) */
	graceMs?: number;
	/** how long the socket may take to open before following falls back to searching (default 5 s) */
	socketOpenMs?: number;
};

/**
 * Search failures that asking again will not mend (the key refused, the command or the route gone):
 * the run ends with them at once, instead of searching on in silence until the command's time-out.
 */
const FINAL_SEARCH_FAILURES: ReadonlySet<string> = new Set(['unauthorized', 'not_found', 'not_openhands', 'unsupported']);

/** Outputs held before the start's answer names the command (other commands' output may arrive too). */
const MAX_EARLY_CHARS = 64 * 1024 * 1024;
/** Output waiting for a slow sink, beyond which the socket is let go for searching (a few 1 MiB outputs). */
const MAX_WAITING = 4 * 1024 * 1024;

type Waiter = {wake(): void; promise: Promise<void>};
function waiter(): Waiter {
	let wake = () => {};
	const promise = new Promise<void>(resolve => (wake = resolve));
	return {wake, promise};
}

function pause(ms: number, signal: AbortSignal | undefined, woken?: Promise<void>): Promise<void> {
	return new Promise(resolve => {
		const done = () => {
			clearTimeout(timer);
			signal?.removeEventListener('abort', done);
			resolve();
		};
		const timer = setTimeout(done, ms);
		signal?.addEventListener('abort', done, {once: true});
		void woken?.then(done);
	});
}

function ending(output: BashOutput, commandId: string, timeoutS: number): CommandEnd {
	const code = output.exit_code!;
	if (code >= 0) return {kind: 'exited', code, commandId};
	if (code === -1 && output.order === 0 && output.stdout === null && output.stderr?.startsWith('Error executing command:')) {
		return {kind: 'not-started', commandId, message: output.stderr.slice('Error executing command:'.length).trim()};
	}
	if (code === -1) return {kind: 'timed-out', commandId, seconds: timeoutS};
	return {kind: 'killed', commandId, signal: -code};
}

export async function runCommand(workspace: Workspace, request: {command: string; cwd?: string | null; timeoutS: number}, sink: CommandSink, options: RunOptions = {}): Promise<CommandEnd> {
	const {signal} = options;
	let commandId: string | null = null;
	let next = 0;
	const held = new Map<number, BashOutput>();
	let early: BashOutput[] = [];
	let earlyChars = 0;
	let last: string | null = null;
	let end: BashOutput | null = null;
	let wait = waiter();
	let socketOpen = false;
	let socketGone = options.transport === 'poll';
	let quietSince = Date.now();
	let socket: {close(): void} | null = null;
	// outputs in order, waiting for the sink; `delivered` settles when it took them all
	const waiting: BashOutput[] = [];
	let waitingChars = 0;
	let delivered: Promise<void> = Promise.resolve();
	let delivering = false;
	let failure: {error: unknown} | null = null;

	const deliver = async () => {
		delivering = true;
		try {
			while (waiting.length > 0) {
				const o = waiting.shift()!;
				waitingChars -= (o.stdout?.length ?? 0) + (o.stderr?.length ?? 0);
				if (o.stdout) await sink.stdout(o.stdout);
				if (o.stderr) await sink.stderr(o.stderr);
			}
		} catch (error) {
			failure ??= {error};
		} finally {
			delivering = false;
			wait.wake();
		}
	};

	const take = (output: BashOutput) => {
		// a server that ignores the search's command_id__eq answers with other commands' outputs (and ends)
		if (end || output.command_id !== commandId || output.order < next) return;
		if (output.order > next) return void held.set(output.order, output);
		for (let o: BashOutput | undefined = output; o; o = held.get(next)) {
			held.delete(o.order);
			waiting.push(o);
			waitingChars += (o.stdout?.length ?? 0) + (o.stderr?.length ?? 0);
			last = o.timestamp;
			quietSince = Date.now();
			next = o.order + 1;
			if (o.exit_code !== null) {
				end = o;
				break;
			}
		}
		if (!delivering) delivered = deliver();
		// a socket cannot be slowed: past the bound, searching (which waits for the sink) takes over
		if (waitingChars > MAX_WAITING && socketOpen) {
			socketOpen = false;
			socketGone = true;
			socket?.close();
		}
		wait.wake();
	};

	if (!socketGone) {
		const opened = waiter();
		try {
			socket = await workspace.events({
				onOpen: () => {
					socketOpen = true;
					opened.wake();
				},
				onOutput: output => {
					if (commandId === null) {
						earlyChars += (output.stdout?.length ?? 0) + (output.stderr?.length ?? 0);
						if (earlyChars <= MAX_EARLY_CHARS) early.push(output);
						return;
					}
					if (output.command_id === commandId) take(output);
				},
				onClose: () => {
					if (!socketOpen && socketGone) return;
					socketOpen = false;
					socketGone = true;
					opened.wake();
					wait.wake();
				},
			});
			await pause(options.socketOpenMs ?? 5000, signal, opened.promise);
		} catch {
			socketGone = true;
		}
		if (!socketOpen) {
			socket?.close();
			socketGone = true;
		}
	}
	try {
		if (signal?.aborted) return {kind: 'stopped', commandId: null};
		const command = await workspace.start(request, signal);
		commandId = command.id;
		last = command.timestamp;
		options.onTransport?.(socketGone ? 'polling' : 'socket');
		for (const output of early) if (output.command_id === commandId) take(output);
		early = [];
		const deadline = Date.now() + request.timeoutS * 1000 + (options.graceMs ?? 15_000);
		let pollMs = options.pollMs ?? 200;
		let told = socketGone;
		let searchFailure: string | null = null;
		const search = async () => {
			let page: string | null = null;
			do {
				const got = await workspace.outputs(commandId!, last, page, signal);
				for (const output of got.items) take(output);
				page = got.next;
			} while (page !== null && !end);
		};
		while (!end) {
			if (failure !== null) throw (failure as {error: unknown}).error;
			if (signal?.aborted) return {kind: 'stopped', commandId};
			if (Date.now() > deadline) return {kind: 'lost', commandId, seconds: request.timeoutS, why: searchFailure};
			const following = socketOpen && !socketGone;
			if (!following && !told) {
				told = true;
				options.onTransport?.('polling');
			}
			const gap = held.size > 0;
			const silent = following && Date.now() - quietSince >= (options.socketCheckMs ?? 10_000);
			if (!following || gap || silent) {
				// what was taken reaches the sink before more is asked for
				await delivered;
				if (signal?.aborted) return {kind: 'stopped', commandId};
				try {
					await search();
				} catch (error) {
					if (signal?.aborted || (isApiError(error) && error.kind === 'aborted')) return {kind: 'stopped', commandId};
					if (isApiError(error) && FINAL_SEARCH_FAILURES.has(error.kind)) throw error;
					// a search that failed once (a 5xx, a dropped connection) is tried again at the next turn, until the deadline
					searchFailure = error instanceof Error ? error.message : String(error);
				}
				quietSince = Date.now();
				if (end) break;
			}
			wait = waiter();
			if (following) {
				await pause(Math.min(options.socketCheckMs ?? 10_000, Math.max(0, deadline - Date.now())), signal, wait.promise);
			} else {
				await pause(pollMs, signal, wait.promise);
				pollMs = Math.min(options.maxPollMs ?? 1000, Math.round(pollMs * 1.5));
			}
		}
		await delivered;
		if (failure !== null) throw (failure as {error: unknown}).error;
		return ending(end, commandId, request.timeoutS);
	} catch (error) {
		if (signal?.aborted) return {kind: 'stopped', commandId};
		throw error;
	} finally {
		socket?.close();
	}
}
