import {readEnv, type Env} from './env.js';
import {isUsageError} from './errors.js';
import {configPath, loadConfigFile} from './file.js';
import {parseArgs, type CommandName} from './flags.js';
import type {Config} from './resolveConfig.js';

/** What the entry should do, decided without side effects beyond reading the config file. */
export type Startup =
	| {kind: 'run'; config: Config; warnings: string[]; needsYou?: boolean}
	| {kind: 'serve'; argv: string[]}
	| {kind: 'doctor'; argv: string[]}
	| {kind: 'command'; name: CommandName; argv: string[]}
	| {kind: 'exit'; code: 0 | 2; stdout?: string; stderr?: string};

/**
 * Where the config's resolution comes from, on the TUI's path only: built, the TUI's script holds
 * it (the entry gives boot/loadTui.ts), so the entry that every command loads stays without it.
 */
export type ResolverLoader = () => Promise<{resolveConfig: typeof import('./resolveConfig.js').resolveConfig}>;

export async function decideStartup(argv: readonly string[], env: Env, version: string, loadResolver: ResolverLoader, nodeVersion = process.version): Promise<Startup> {
	const path = configPath(env);
	try {
		const parsed = parseArgs(argv);
		switch (parsed.command) {
			case 'help': {
				// its defaults come from the servers' module, which no command needs before it asks
				const {usageText} = await import('./usage.js');
				return {kind: 'exit', code: 0, stdout: usageText(path)};
			}

			case 'version': {
				// The Node version too: bug reports need it, and behaviour differs across 20/22/24.
				return {kind: 'exit', code: 0, stdout: `ohtui ${version} (node ${nodeVersion})\n`};
			}

			case 'serve': {
				return {kind: 'serve', argv: parsed.argv};
			}

			case 'doctor': {
				return {kind: 'doctor', argv: parsed.argv};
			}

			case 'command': {
				return {kind: 'command', name: parsed.name, argv: parsed.argv};
			}

			case 'run': {
				// only the TUI's path resolves the whole config (and the key map with it)
				const [{resolveConfig}, loaded] = await Promise.all([loadResolver(), loadConfigFile(path)]);
				const warnings = [...loaded.warnings];
				const config = resolveConfig({flags: parsed.flags, env: readEnv(env), file: loaded.file, filePath: path}, warnings);
				return {kind: 'run', config, warnings, ...(parsed.flags.needsYou ? {needsYou: true} : {})};
			}
		}
	} catch (error) {
		if (isUsageError(error)) {
			return {kind: 'exit', code: 2, stderr: `ohtui: ${error.message}\nRun ohtui --help for usage.\n`};
		}

		throw error;
	}
}
