import {resolveKeyOverrides} from '../ui/keys/overrides.js';
import {badKeyMessage, isSendableKey} from './apiKey.js';
import {UsageError} from './errors.js';
import type {EnvSettings} from './env.js';
import {noSuchProfile, type ConfigFile} from './file.js';
import type {Flags} from './flags.js';
import {credentialsMessage, hasCredentials, isHttpUrl} from './url.js';

export const defaultRefreshSeconds = 5;
export const defaultMaxItems = 1000;

export type Config = {
	/** null: demo mode, talk to the embedded stand-in server */
	url: string | null;
	apiKey: string | null;
	/** `auto` (default): the client finds the scheme the server accepts */
	auth: 'auto' | 'session' | 'bearer';
	refreshMs: number;
	/** cap on rows loaded per list (`G` loads up to it) */
	maxItems: number;
	demo: boolean;
	/** the profile in use, if any */
	profile: string | null;
	/** NO_COLOR was set */
	noColor: boolean;
	/** `--log FILE` / OHTUI_LOG / profile `log`: one line per request and every warning; null: none */
	logFile: string | null;
	/** how "needs you" calls the user (issue 11); default bell */
	notify: 'bell' | 'desktop' | 'both' | 'off';
	/** `--read-only` / profile `readOnly`: every key that changes something on the server is disabled */
	readOnly: boolean;
	/** `--theme` / config `theme`; auto reads COLORFGBG where set */
	theme: 'auto' | 'dark' | 'light';
	/** keymap overrides from the config file: command name → keys (validated against the keymap) */
	keys: Readonly<Record<string, readonly string[]>>;
};

export type ConfigSources = {
	flags: Flags;
	env: EnvSettings;
	/** the parsed config file, null when there is none */
	file: ConfigFile | null;
	/** for messages */
	filePath: string;
};

/**
 * flags > env > profile > defaults. The profile is `--profile`, else the file's `current`.
 *
 * A profile's apiKey is sent only to that profile's own URL: when `--url` or OPENHANDS_URL points
 * somewhere else, the stored key stays home (it was saved for one server, not for whichever URL
 * was typed today). OPENHANDS_API_KEY is the user's explicit choice and goes with any URL.
 */
export function resolveConfig({flags, env, file, filePath}: ConfigSources): Config {
	const profileName = flags.profile ?? file?.current ?? null;
	let profile: ConfigFile['profiles'][string] | undefined;
	if (profileName !== null) {
		if (!file) {
			throw new UsageError(`--profile: no config file at ${filePath}`);
		}

		profile = file.profiles[profileName];
		if (!profile || !Object.hasOwn(file.profiles, profileName)) {
			throw new UsageError(`--profile: ${noSuchProfile(profileName, file)}`);
		}
	}

	if (flags.url !== undefined) {
		checkUrl('--url', flags.url);
	} else if (env.url !== null) {
		checkUrl('OPENHANDS_URL', env.url);
	}

	let keys: Config['keys'] = {};
	if (file?.keys !== undefined) {
		const checked = resolveKeyOverrides(file.keys);
		if (!checked.ok) {
			throw new UsageError(`config ${filePath}: ${checked.message}`);
		}

		keys = Object.fromEntries(Object.entries(file.keys).map(([command, value]) => [command, typeof value === 'string' ? [value] : value]));
	}

	const demo = flags.demo === true;
	const url = demo ? null : (flags.url ?? env.url ?? profile?.url ?? null);
	const profileKey = profile?.apiKey !== undefined && url !== null && sameServer(url, profile.url) ? profile.apiKey : null;
	// The embedded demo server needs no key; never hand a real one to it.
	const apiKey = url === null ? null : (env.apiKey ?? profileKey);
	if (apiKey !== null && apiKey === env.apiKey && !isSendableKey(apiKey)) {
		throw new UsageError(`OPENHANDS_API_KEY: ${badKeyMessage}`);
	}

	const refreshSeconds = flags.refresh ?? profile?.refresh ?? defaultRefreshSeconds;

	const config: Config = {
		url,
		apiKey,
		auth: flags.auth ?? profile?.auth ?? 'auto',
		refreshMs: Math.round(refreshSeconds * 1000),
		maxItems: flags.maxItems ?? profile?.maxItems ?? defaultMaxItems,
		demo: url === null,
		profile: profileName,
		noColor: env.noColor,
		logFile: flags.log ?? env.log ?? profile?.log ?? file?.log ?? null,
		notify: flags.notify ?? profile?.notify ?? file?.notify ?? 'bell',
		readOnly: flags.readOnly === true || profile?.readOnly === true,
		theme: flags.theme ?? profile?.theme ?? file?.theme ?? 'auto',
		keys,
	};
	const invalid = invalidField(config);
	if (invalid !== null) {
		// Unreachable when the checks above hold; still one line, and it names no value.
		throw new UsageError(`invalid configuration: ${invalid}`);
	}

	return config;
}

/** The last line of defence, by hand rather than zod (see fileSchema.ts): the first field, in
 * Config's order, that breaks its rule. */
function invalidField(config: Config): string | null {
	const checks: Array<[keyof Config, boolean]> = [
		['url', config.url === null || (typeof config.url === 'string' && isHttpUrl(config.url))],
		['apiKey', config.apiKey === null || (typeof config.apiKey === 'string' && config.apiKey !== '')],
		['auth', config.auth === 'auto' || config.auth === 'session' || config.auth === 'bearer'],
		['refreshMs', Number.isSafeInteger(config.refreshMs) && config.refreshMs >= 1000],
		['maxItems', Number.isSafeInteger(config.maxItems) && config.maxItems >= 100],
		['demo', typeof config.demo === 'boolean'],
		['profile', config.profile === null || typeof config.profile === 'string'],
		['noColor', typeof config.noColor === 'boolean'],
		['logFile', config.logFile === null || (typeof config.logFile === 'string' && config.logFile !== '')],
		['notify', ['bell', 'desktop', 'both', 'off'].includes(config.notify)],
		['readOnly', typeof config.readOnly === 'boolean'],
		['theme', ['auto', 'dark', 'light'].includes(config.theme)],
	];
	return checks.find(([, valid]) => !valid)?.[0] ?? null;
}

function checkUrl(source: string, url: string): void {
	if (!isHttpUrl(url)) {
		throw new UsageError(`${source}: expected an http:// or https:// URL`);
	}

	if (hasCredentials(url)) {
		throw new UsageError(`${source}: ${credentialsMessage}`);
	}
}

function sameServer(a: string, b: string): boolean {
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
