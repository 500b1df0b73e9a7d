/**
 * Which servers a run talks to (issue 16 §2): the config file's profiles are the servers. No Ink,
 * no zod: `ohtui` and its plain-text commands select servers the same way.
 *
 * - `--url` / OPENHANDS_URL: one server, as before profiles could be opened together (the profile
 *   in use, `--profile NAME` or the file's `current`, gives it its settings; its key only if the
 *   URL is that profile's own server).
 * - `--profile a,b`, `--all`, or the file's `"open": "all" | ["a", "b"]`: those profiles, each with
 *   its own URL, key, auth, refresh, maxItems and readOnly. A profile's key goes to its own URL
 *   only; OPENHANDS_API_KEY, which names no server, is not sent to several.
 * - nothing at all: the embedded demo.
 *
 * Flags beat the environment, which beats the file: OPENHANDS_URL set in a shell wins over the
 * file's `open`, as it wins over `current`.
 */
import {UsageError} from './errors.js';
import type {EnvSettings} from './env.js';
import type {ConfigFile, Profile} from './fileSchema.js';
import type {AuthMode, Flags} from './flags.js';
import {noSuchProfile} from './file.js';
import {printable} from './text.js';
import {credentialsMessage, hasCredentials, isHttpUrl} from './url.js';

export const defaultRefreshSeconds = 5;
export const defaultMaxItems = 1000;

export type ServerConfig = {
	/** what the UI calls it: the profile's name; for a URL without a profile its host; `demo` */
	name: string;
	/** null: an embedded demo server, started by the entry */
	url: string | null;
	apiKey: string | null;
	/** `auto` (default): the client finds the scheme the server accepts */
	auth: AuthMode;
	refreshMs: number;
	/** cap on rows loaded per list (`G` loads up to it) */
	maxItems: number;
	/** every key that changes something on this server is disabled */
	readOnly: boolean;
	/** the profile its settings came from; null when none */
	profile: string | null;
};

export type ServerSources = {
	flags: Flags;
	env: EnvSettings;
	/** the parsed config file, null when there is none */
	file: ConfigFile | null;
	/** for messages */
	filePath: string;
};

export type ServerSelection = {
	/** never empty */
	servers: ServerConfig[];
	/** no URL anywhere (or `--demo`): the embedded demo */
	demo: boolean;
	/** the one profile whose log/notify/theme apply (a single server from a profile); null otherwise */
	profile: Profile | null;
	/** lines for stderr before the UI starts (never a value from the file or the environment) */
	warnings: string[];
};

export function selectServers({flags, env, file, filePath}: ServerSources): ServerSelection {
	if (flags.all && flags.profile !== undefined) {
		throw new UsageError('--all and --profile: use one of them');
	}

	const fromFlags = flags.all ? allProfiles('--all', file, filePath) : flags.profile === undefined ? null : profileList('--profile', flags.profile, file, filePath);
	if (fromFlags && fromFlags.length > 1) {
		const source = flags.all ? '--all' : '--profile';
		if (flags.url !== undefined) {
			throw new UsageError(`--url names one server and ${source} several: use one of them`);
		}

		return flags.demo ? demoSelection(flags) : several(fromFlags, file!, flags, env, source);
	}

	if (flags.url !== undefined) {
		checkUrl('--url', flags.url);
	} else if (env.url !== null) {
		checkUrl('OPENHANDS_URL', env.url);
	}

	const chooseFromFile = fromFlags === null && flags.url === undefined && env.url === null && !flags.demo;
	const opened = chooseFromFile && file?.open !== undefined ? openedProfiles(file, filePath) : null;
	if (opened && opened.length > 1) {
		return several(opened, file!, flags, env, 'open');
	}

	return single(fromFlags?.[0] ?? opened?.[0] ?? file?.current ?? null, {flags, env, file, filePath});
}

/** One server: `--url`, OPENHANDS_URL, or one profile (as ohtui always did). */
function single(profileName: string | null, {flags, env, file, filePath}: ServerSources): ServerSelection {
	let profile: Profile | undefined;
	if (profileName !== null) {
		if (!file) {
			throw new UsageError(`--profile: no config file at ${filePath}`);
		}

		profile = file.profiles[profileName];
		if (!profile || !Object.hasOwn(file.profiles, profileName)) {
			throw new UsageError(`--profile: ${noSuchProfile(profileName, file)}`);
		}
	}

	if (flags.demo) {
		return demoSelection(flags, profile);
	}

	const url = flags.url ?? env.url ?? profile?.url ?? null;
	if (url === null) {
		return demoSelection(flags, profile);
	}

	// A profile's key was saved for its own server, not for whichever URL was typed today;
	// OPENHANDS_API_KEY is the user's explicit choice and goes with the one URL.
	const profileKey = profile?.apiKey !== undefined && sameServer(url, profile.url) ? profile.apiKey : null;
	const server = serverFrom(profileName ?? hostName(url), url, env.apiKey ?? profileKey, flags, profile);
	return {servers: [{...server, profile: profileName}], demo: false, profile: profile ?? null, warnings: []};
}

function several(names: readonly string[], file: ConfigFile, flags: Flags, env: EnvSettings, source: string): ServerSelection {
	const servers = names.map(name => {
		const profile = file.profiles[name]!;
		return serverFrom(name, profile.url, profile.apiKey ?? null, flags, profile);
	});
	const warnings: string[] = [];
	if (env.apiKey !== null) {
		warnings.push(`OPENHANDS_API_KEY is not used with several servers (${source}): each profile's apiKey goes to its own URL only`);
	}

	if (env.url !== null) {
		warnings.push(`OPENHANDS_URL is not used: ${source} opens several profiles`);
	}

	return {servers, demo: false, profile: null, warnings};
}

function serverFrom(name: string, url: string | null, apiKey: string | null, flags: Flags, profile: Profile | undefined): ServerConfig {
	const refreshSeconds = flags.refresh ?? profile?.refresh ?? defaultRefreshSeconds;
	return {
		name,
		url,
		apiKey,
		auth: flags.auth ?? profile?.auth ?? 'auto',
		refreshMs: Math.round(refreshSeconds * 1000),
		maxItems: flags.maxItems ?? profile?.maxItems ?? defaultMaxItems,
		readOnly: flags.readOnly === true || profile?.readOnly === true,
		profile: profile ? name : null,
	};
}

/** The embedded demo server needs no key: never hand a real one to it. */
function demoSelection(flags: Flags, profile?: Profile): ServerSelection {
	return {servers: [{...serverFrom('demo', null, null, flags, undefined), profile: null}], demo: true, profile: profile ?? null, warnings: []};
}

function allProfiles(source: string, file: ConfigFile | null, filePath: string): string[] {
	if (!file) throw new UsageError(`${source}: no config file at ${filePath}`);
	const names = Object.keys(file.profiles);
	if (names.length === 0) throw new UsageError(`${source}: no profiles in ${filePath}`);
	return names;
}

/** `work` or `work,laptop`; a profile whose own name holds a comma is taken whole. */
function profileList(source: string, value: string, file: ConfigFile | null, filePath: string): string[] {
	if (!file) throw new UsageError(`${source}: no config file at ${filePath}`);
	if (Object.hasOwn(file.profiles, value)) return [value];
	const names = [...new Set(value.split(',').map(name => name.trim()))];
	if (names.some(name => name === '')) throw new UsageError(`${source}: expected a profile name or names separated by commas`);
	for (const name of names) {
		if (!Object.hasOwn(file.profiles, name)) throw new UsageError(`${source}: ${noSuchProfile(name, file)}`);
	}

	return names;
}

function openedProfiles(file: ConfigFile, filePath: string): string[] {
	if (file.open === 'all') return allProfiles('open', file, filePath);
	// loadConfigFile checked every name (config/file.ts)
	return [...new Set(file.open ?? [])].filter(name => Object.hasOwn(file.profiles, name));
}

function checkUrl(source: string, url: string): void {
	if (!isHttpUrl(url)) {
		throw new UsageError(`${source}: expected an http:// or https:// URL`);
	}

	if (hasCredentials(url)) {
		throw new UsageError(`${source}: ${credentialsMessage}`);
	}
}

/** The name of a server given by URL alone: its host (and port), which the header shows anyway. */
function hostName(url: string): string {
	try {
		return printable(new URL(url).host) || 'server';
	} catch {
		return 'server';
	}
}

export function sameServer(a: string, b: string): boolean {
	try {
		const left = new URL(a);
		const right = new URL(b);
		return left.origin === right.origin && trimSlash(left.pathname) === trimSlash(right.pathname);
	} catch {
		return false;
	}
}

function trimSlash(path: string): string {
	return path.replace(/\/+$/, '');
}
