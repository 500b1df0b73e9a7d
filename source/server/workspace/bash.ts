/**
 * The bash routes' service (`bash_service.py`; /work/realserver FINDINGS §5): commands run against
 * the canned shell (./shell.ts), never a real one, and their output is published as the real
 * server publishes a process's: nothing while it runs, then `BashOutput` events when a buffer
 * passes 1 MiB (1,048,576 characters, stdout or stderr alone, `exit_code` null) and once at the
 * end with both buffers and the exit code. A time-out ends it with `exit_code` -1 and the output
 * so far; a working directory that does not exist is -1 with `Error executing command: …`.
 *
 * Events are stored in the order of their file names (`<YYYYMMDDHHMMSSffffff>_<kind>[_<command
 * hex>]_<id hex>`, so by UTC time), server-wide, not per conversation; ids are 32 hex, times UTC
 * with `Z`, and the JSON keeps its nulls.
 */
import {randomUUID} from 'node:crypto';
import type {Workspaces} from '../agentServer/workspaces.js';
import {toJson} from '../json.js';
import {runShell} from './shell.js';

export const MAX_CONTENT_CHARS = 1024 * 1024;

export type BashCommandEvent = {command: string; cwd: string | null; timeout: number; id: string; timestamp: string; kind: 'BashCommand'};
export type BashOutputEvent = {
	id: string;
	timestamp: string;
	command_id: string;
	order: number;
	exit_code: number | null;
	stdout: string | null;
	stderr: string | null;
	kind: 'BashOutput';
};
export type BashEvent = BashCommandEvent | BashOutputEvent;
export type Stored = {name: string; event: BashEvent; us: number};
export type BashRequest = {command: string; cwd: string | null; timeout: number};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-28T23:40:47.779011Z` and its file-name form `20261128234047779011`. */
function stamps(us: number): {iso: string; name: string} {
	const date = new Date(Math.floor(us / 1000));
	const micros = pad(((us % 1_000_000) + 1_000_000) % 1_000_000, 6);
	const parts = [date.getUTCFullYear(), pad(date.getUTCMonth() + 1), pad(date.getUTCDate()), pad(date.getUTCHours()), pad(date.getUTCMinutes()), pad(date.getUTCSeconds())];
	return {
		iso: `${parts[0]}-${parts[1]}-${parts[2]}T${parts[3]}:${parts[4]}:${parts[5]}.${micros}Z`,
		name: `${parts.join('')}${micros}`,
	};
}

export class BashService {
	readonly events: Stored[] = [];
	private readonly subscribers = new Set<(text: string) => void>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private lastUs = 0;

	constructor(
		private readonly fs: () => Workspaces,
		private readonly now: () => number,
		/** where a command without `cwd` runs: the server's own working directory */
		private readonly serverCwd: string,
	) {}

	private nextUs(): number {
		this.lastUs = Math.max(this.lastUs + 1, this.now() * 1000);
		return this.lastUs;
	}

	private store(event: BashEvent, us: number): void {
		const {name} = stamps(us);
		const command = event.kind === 'BashOutput' ? `_${event.command_id}` : '';
		const stored = {name: `${name}_${event.kind}${command}_${event.id}`, event, us};
		// events are made in time order: appending keeps the list sorted by name
		this.events.push(stored);
		const text = toJson(event);
		for (const send of this.subscribers) send(text);
	}

	/** A socket (or test) listening for every new event, as JSON text with nulls. */
	subscribe(send: (text: string) => void): () => void {
		this.subscribers.add(send);
		return () => this.subscribers.delete(send);
	}

	subscriberCount(): number {
		return this.subscribers.size;
	}

	/** `start_bash_command`: the BashCommand at once; `done` resolves with the last BashOutput. */
	start(request: BashRequest): {command: BashCommandEvent; done: Promise<BashOutputEvent>} {
		const us = this.nextUs();
		const command: BashCommandEvent = {command: request.command, cwd: request.cwd, timeout: request.timeout, id: randomUUID().replaceAll('-', ''), timestamp: stamps(us).iso, kind: 'BashCommand'};
		this.store(command, us);
		// the process runs in a task: the HTTP answer goes out before its output, as on the real server
		const done = new Promise<BashOutputEvent>(resolve => setImmediate(() => void this.execute(command).then(resolve)));
		return {command, done};
	}

	private output(command: BashCommandEvent, order: number, fields: Pick<BashOutputEvent, 'exit_code' | 'stdout' | 'stderr'>): BashOutputEvent {
		const us = this.nextUs();
		const event: BashOutputEvent = {id: randomUUID().replaceAll('-', ''), timestamp: stamps(us).iso, command_id: command.id, order, ...fields, kind: 'BashOutput'};
		this.store(event, us);
		return event;
	}

	private sleep(ms: number): Promise<void> {
		return new Promise(resolve => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	private async execute(command: BashCommandEvent): Promise<BashOutputEvent> {
		const fs = this.fs();
		const cwd = command.cwd ?? this.serverCwd;
		const found = fs.read(cwd);
		if (found !== 'dir') {
			const why = found === null ? `[Errno 2] No such file or directory: '${cwd}'` : `[Errno 20] Not a directory: '${cwd}'`;
			return this.output(command, 0, {exit_code: -1, stdout: null, stderr: `Error executing command: ${why}`});
		}
		const run = runShell(command.command, fs.absolute(cwd), fs);
		const buffers = {stdout: '', stderr: ''};
		let order = 0;
		// time passes only in the script's pauses (real timers, whatever clock the server is given)
		let slept = 0;
		const limit = command.timeout * 1000;
		const add = (which: 'stdout' | 'stderr', text: string) => {
			buffers[which] += text;
			while (buffers[which].length > MAX_CONTENT_CHARS) {
				const chunk = buffers[which].slice(0, MAX_CONTENT_CHARS);
				buffers[which] = buffers[which].slice(MAX_CONTENT_CHARS);
				this.output(command, order++, {exit_code: null, stdout: which === 'stdout' ? chunk : null, stderr: which === 'stderr' ? chunk : null});
			}
		};
		let exit = run.exit;
		for (const step of run.steps) {
			if (step.out) add('stdout', step.out);
			if (step.err) add('stderr', step.err);
			if (step.sleepMs) {
				const left = limit - slept;
				if (step.sleepMs >= left) {
					await this.sleep(Math.max(0, left));
					// SIGTERM then SIGKILL to the process group; the output so far stays
					exit = -1;
					break;
				}
				await this.sleep(step.sleepMs);
				slept += step.sleepMs;
			}
		}
		return this.output(command, order, {exit_code: exit, stdout: buffers.stdout || null, stderr: buffers.stderr || null});
	}

	/** `DELETE /api/bash/bash_events`: how many were removed. */
	clear(): number {
		const n = this.events.length;
		this.events.length = 0;
		return n;
	}

	close(): void {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.subscribers.clear();
	}
}
