import {z} from 'zod';
import {UsageError} from './errors.js';
import type {EnvSettings} from './env.js';
import {noSuchProfile, type ConfigFile} from './file.js';
import type {Flags} from './flags.js';
import {isHttpUrl} from './url.js';

export const defaultRefreshSeconds = 5;

export const configSchema = z.strictObject({
	/** null: demo mode, talk to the embedded stand-in server */
	url: z.string().refine(isHttpUrl).nullable(),
	apiKey: z.string().min(1).nullable(),
	auth: z.enum(['session', 'bearer']),
	refreshMs: z.number().int().min(1000),
	demo: z.boolean(),
	/** the profile in use, if any */
	profile: z.string().nullable(),
	/** NO_COLOR was set */
	noColor: z.boolean(),
});

export type Config = z.infer<typeof configSchema>;

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

	if (flags.url !== undefined && !isHttpUrl(flags.url)) {
		throw new UsageError('--url: expected an http:// or https:// URL');
	}

	if (flags.url === undefined && env.url !== null && !isHttpUrl(env.url)) {
		throw new UsageError('OPENHANDS_URL: expected an http:// or https:// URL');
	}

	const demo = flags.demo === true;
	const url = demo ? null : (flags.url ?? env.url ?? profile?.url ?? null);
	const profileKey = profile?.apiKey !== undefined && url !== null && sameServer(url, profile.url) ? profile.apiKey : null;
	// The embedded demo server needs no key; never hand a real one to it.
	const apiKey = url === null ? null : (env.apiKey ?? profileKey);
	const refreshSeconds = flags.refresh ?? profile?.refresh ?? defaultRefreshSeconds;

	const config = configSchema.safeParse({
		url,
		apiKey,
		auth: flags.auth ?? profile?.auth ?? 'session',
		refreshMs: Math.round(refreshSeconds * 1000),
		demo: url === null,
		profile: profileName,
		noColor: env.noColor,
	});
	if (!config.success) {
		// Unreachable when the checks above hold; still one line, and the issue path names no value.
		throw new UsageError(`invalid configuration: ${config.error.issues[0]?.path.join('.') ?? 'unknown field'}`);
	}

	return config.data;
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
