/** Sandboxes and sandbox specs as `ohtui ls` prints them: JSON objects and table columns, clean and masked. */
import type {Sandbox, SandboxSpec} from '../api/schemas/index.js';
import {clean} from '../text/sanitize.js';
import {maskArgv, maskEnvValue, maskSecrets, maskUrlSecrets} from '../text/secrets.js';
import {relativeTime} from '../present/format.js';
import {isoTime, type Column} from './output.js';

export type Row<T> = {server: string; item: T};

export function sandboxJson({server, item}: Row<Sandbox>, withServer: boolean): Record<string, unknown> {
	return {
		...(withServer ? {server: clean(server)} : {}),
		id: clean(item.id),
		status: clean(item.status),
		spec_id: maskSecrets(item.sandbox_spec_id),
		created_at: isoTime(item.created_at),
		// the exposed URLs carry tokens in their query at times (VS Code's `tkn`): masked like the screen
		urls: (item.exposed_urls ?? []).map(u => ({name: maskSecrets(u.name), url: maskUrlSecrets(u.url)})),
	};
}

export function specJson({server, item}: Row<SandboxSpec>, withServer: boolean): Record<string, unknown> {
	return {
		...(withServer ? {server: clean(server)} : {}),
		id: maskSecrets(item.id),
		command: item.command ? maskArgv(item.command) : null,
		working_dir: maskSecrets(item.working_dir),
		env: Object.fromEntries(Object.entries(item.initial_env).map(([name, value]) => [clean(name), maskEnvValue(name, value)])),
		created_at: isoTime(item.created_at),
	};
}

function timeColumn<T>(title: string, at: (row: T) => number, now: number, terminal: boolean): Column<T> {
	return {title, text: row => (terminal ? relativeTime(at(row), now) : (isoTime(at(row)) ?? '')), drop: 1};
}

function withServerColumn<T>(columns: Column<Row<T>>[], withServer: boolean): Column<Row<T>>[] {
	return withServer ? [{title: 'SERVER', text: r => clean(r.server), drop: 3}, ...columns] : columns;
}

export function sandboxColumns(withServer: boolean, now: number, terminal: boolean): Column<Row<Sandbox>>[] {
	return withServerColumn<Sandbox>(
		[
			{title: 'ID', text: r => clean(r.item.id), shrink: 1, middle: true, min: 14},
			{title: 'STATUS', text: r => clean(r.item.status)},
			{title: 'SPEC', text: r => maskSecrets(r.item.sandbox_spec_id), shrink: 2, middle: 'start', min: 12, drop: 2},
			timeColumn('CREATED', r => r.item.created_at, now, terminal),
		],
		withServer,
	);
}

export function specColumns(withServer: boolean, now: number, terminal: boolean): Column<Row<SandboxSpec>>[] {
	return withServerColumn<SandboxSpec>(
		[
			{title: 'ID', text: r => maskSecrets(r.item.id), shrink: 1, middle: 'start', min: 14},
			{title: 'COMMAND', text: r => (r.item.command ? maskArgv(r.item.command) : '—'), shrink: 2, min: 10, drop: 2},
			timeColumn('CREATED', r => r.item.created_at, now, terminal),
		],
		withServer,
	);
}
