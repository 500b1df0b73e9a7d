import {resolveKeyOverrides} from '../keymap/overrides.js';
import {markOwnWords, SHORT_KEY} from '../text/knownSecrets.js';
import {badKeyMessage, isSendableKey} from './apiKey.js';
import {UsageError} from './errors.js';
import {selectServers, type ServerConfig, type ServerSources} from './servers.js';
import {isHttpUrl} from './url.js';

export {defaultMaxItems, defaultRefreshSeconds, type ServerConfig} from './servers.js';

export type Config = {
	/** the servers in view at start, in order (./servers.ts); never empty */
	servers: readonly ServerConfig[];
	/** the embedded demo server(s): no URL anywhere, or `--demo` */
	demo: boolean;
	/** NO_COLOR was set */
	noColor: boolean;
	/** `--log FILE` / OHTUI_LOG / profile `log`: one line per request and every warning; null: none */
	logFile: string | null;
	/** how "needs you" calls the user (issue 11); default bell */
	notify: 'bell' | 'desktop' | 'both' | 'off';
	/** the config's `notifyCommand`: a program and its arguments run for each announcement; null: none */
	notifyCommand: readonly string[] | null;
	/** `--theme` / config `theme`; auto reads COLORFGBG where set */
	theme: 'auto' | 'dark' | 'light';
	/** keymap overrides from the config file: command name → keys (validated against the keymap) */
	keys: Readonly<Record<string, readonly string[]>>;
};

export type ConfigSources = ServerSources;

/**
 * flags > env > profile > defaults. The servers come from ./servers.ts. A profile's `log`,
 * `notify` and `theme` apply when that profile is the one server; with several, the file's own.
 * Warnings (OPENHANDS_API_KEY left out with several servers) are pushed to `warnings`.
 */
export function resolveConfig(sources: ConfigSources, warnings: string[] = []): Config {
	const {flags, env, file, filePath} = sources;
	let keys: Config['keys'] = {};
	if (file?.keys !== undefined) {
		const checked = resolveKeyOverrides(file.keys);
		if (!checked.ok) {
			throw new UsageError(`config ${filePath}: ${checked.message}`);
		}

		keys = Object.fromEntries(Object.entries(file.keys).map(([command, value]) => [command, typeof value === 'string' ? [value] : value]));
	}

	const selection = selectServers(sources);
	warnings.push(...selection.warnings);
	const {profile} = selection;
	for (const server of selection.servers) {
		if (server.apiKey !== null && server.apiKey === env.apiKey && !isSendableKey(server.apiKey)) {
			throw new UsageError(`OPENHANDS_API_KEY cannot be used: it ${badKeyMessage}`);
		}
	}
	warnings.push(...shortKeyWarnings(selection.servers));

	const config: Config = {
		servers: selection.servers,
		demo: selection.demo,
		noColor: env.noColor,
		logFile: flags.log ?? env.log ?? profile?.log ?? file?.log ?? null,
		notify: flags.notify ?? profile?.notify ?? file?.notify ?? 'bell',
		notifyCommand: file?.notifyCommand === undefined ? null : typeof file.notifyCommand === 'string' ? [file.notifyCommand] : file.notifyCommand,
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

/**
 * Issue 27 item 14: a key under SHORT_KEY characters is hidden in what servers send only where it
 * stands as a token (text/knownSecrets.ts): inside words it would give itself away. Said once per key.
 */
function shortKeyWarnings(servers: readonly ServerConfig[]): string[] {
	const short = servers.filter(server => server.apiKey !== null && server.apiKey.length < SHORT_KEY);
	const warnings = short.map(
		server => `the API key for ${server.name} is too short to hide safely (${server.apiKey!.length} of ${SHORT_KEY} characters): ohtui hides it only where it stands alone`,
	);
	// ohtui's own words: the key `key` read "the API •••• for …" in the very line that warns of it
	for (const warning of warnings) markOwnWords(warning);
	return warnings;
}

/** The last line of defence, by hand rather than zod (see fileSchema.ts): the first field, in
 * Config's order, that breaks its rule. */
function invalidField(config: Config): string | null {
	const checks: Array<[string, boolean]> = [
		['servers', config.servers.length > 0],
		...config.servers.flatMap((server, i): Array<[string, boolean]> => [
			[`servers.${i}.name`, typeof server.name === 'string' && server.name !== ''],
			[`servers.${i}.url`, server.url === null || (typeof server.url === 'string' && isHttpUrl(server.url))],
			[`servers.${i}.apiKey`, server.apiKey === null || (typeof server.apiKey === 'string' && server.apiKey !== '')],
			[`servers.${i}.auth`, server.auth === 'auto' || server.auth === 'session' || server.auth === 'bearer'],
			[`servers.${i}.refreshMs`, Number.isSafeInteger(server.refreshMs) && server.refreshMs >= 1000],
			[`servers.${i}.maxItems`, Number.isSafeInteger(server.maxItems) && server.maxItems >= 100],
			[`servers.${i}.readOnly`, typeof server.readOnly === 'boolean'],
		]),
		['demo', typeof config.demo === 'boolean'],
		['noColor', typeof config.noColor === 'boolean'],
		['logFile', config.logFile === null || (typeof config.logFile === 'string' && config.logFile !== '')],
		['notify', ['bell', 'desktop', 'both', 'off'].includes(config.notify)],
		['notifyCommand', config.notifyCommand === null || (config.notifyCommand.length > 0 && config.notifyCommand.every(part => typeof part === 'string' && part !== ''))],
		['theme', ['auto', 'dark', 'light'].includes(config.theme)],
	];
	return checks.find(([, valid]) => !valid)?.[0] ?? null;
}
