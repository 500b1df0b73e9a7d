/** Columns and detail entries of the Specs view. */
import type {SandboxSpec} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import {absoluteTime, relativeTime} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {maskArgv, maskEnvValue, maskField} from '../../text/secrets.js';
import {field, heading, type Entry} from '../widgets/FieldList.js';
import type {Column} from '../widgets/columns.js';

/** a row's key: its server and id (ids repeat when two profiles share a server) */
export const specKey = (row: Tagged<SandboxSpec>) => refKey(row);

export function commandLine(command: readonly string[] | null): string {
	// A spec's command may carry `--api-key …` or `--db=postgres://u:pw@h/db` (issue 9 item 1).
	return command && command.length ? maskArgv(command) : '—';
}

export const SPEC_COLUMNS: readonly Column<SandboxSpec>[] = [
	{id: 'id', title: 'ID', width: 20, grow: 2, drop: 0, keepEnd: true, text: s => clean(s.id)},
	{id: 'command', title: 'COMMAND', width: 24, drop: 1, sortLetter: 'C', text: s => commandLine(s.command)},
	{id: 'dir', title: 'WORKING DIR', width: 22, grow: 1, drop: 2, middle: true, sortLetter: 'N', text: s => maskField(s.working_dir)},
	{id: 'env', title: 'ENV', width: 4, drop: 3, align: 'right', noFilter: true, sortLetter: 'E', text: s => String(Object.keys(s.initial_env).length)},
];

/**
 * Spec env is configuration, not a secret store, but a value under a credential-like name is
 * masked anyway, and so is a credential inside any value (`DATABASE_URL=postgres://app:pw@db/app`).
 */
export function envValue(name: string, value: string): string {
	return maskEnvValue(name, value);
}

export function specEntries(s: SandboxSpec, now: number): Entry[] {
	const env = Object.entries(s.initial_env);
	return [
		field('id', clean(s.id)),
		field('command', commandLine(s.command)),
		field('working dir', maskField(s.working_dir)),
		field('created', `${absoluteTime(s.created_at)} (${relativeTime(s.created_at, now)})`),
		heading(`Initial env (${env.length})`),
		...(env.length ? env.map(([name, value]) => field(clean(name), envValue(name, value))) : [field('none', '—')]),
	];
}
