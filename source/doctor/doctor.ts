/**
 * `ohtui doctor [--url URL] [--profile NAME] [--auth MODE]`: a checklist a user can paste into a bug
 * report. It reads the configuration the TUI would read, asks the server what the TUI would ask (the
 * generation probe and the settings, which every generation guards with the key), and looks at the
 * terminal. It never prints the key. Exit 0 when nothing failed (warnings do not fail it), 1 when a
 * check failed, 2 for a usage error (as the TUI).
 */
import {version} from '../../package.json';
import {authName} from '../api/transport/auth.js';
import type {AuthMode, OpenHandsClient} from '../api/client.js';
import {proxyFor, proxyLabel} from '../api/transport/dispatcher.js';
import {isApiError} from '../api/errors.js';
import {readEnv} from '../config/env.js';
import {isUsageError} from '../config/errors.js';
import {configPath, loadConfigFile} from '../config/file.js';
import {parseArgs} from '../config/flags.js';
import {type Config, resolveConfig, type ServerConfig} from '../config/resolveConfig.js';
import {serverLabel} from '../config/url.js';
import {scrubKeys} from '../text/knownSecrets.js';
import {type Check, terminalCheck, tmuxCheck} from './terminal.js';

export type DoctorIo = {stdout: {write(text: string): unknown}; stderr: {write(text: string): unknown}};

const MARK: Record<Check['status'], string> = {ok: 'ok  ', warn: 'warn', fail: 'FAIL', info: '--  '};

function message(error: unknown): string {
	if (isApiError(error) || isUsageError(error)) return error.message;
	return error instanceof Error ? error.message.split('\n')[0]! : 'unknown error';
}

/** Config file, profile and the resolved configuration (or why there is none). */
async function configChecks(argv: readonly string[], env: NodeJS.ProcessEnv, checks: Check[]): Promise<Config | null> {
	const path = configPath(env);
	const parsed = parseArgs(argv);
	if (parsed.command !== 'run') throw Object.assign(new Error('usage'), {usage: parsed.command});
	try {
		const loaded = await loadConfigFile(path);
		const warnings = [...loaded.warnings];
		const config = resolveConfig({flags: parsed.flags, env: readEnv(env), file: loaded.file, filePath: path}, warnings);
		const profiles = config.servers.flatMap(server => (server.profile === null ? [] : [`"${server.profile}"`]));
		const profile = profiles.length === 0 ? 'no profile' : `${profiles.length > 1 ? 'profiles' : 'profile'} ${profiles.join(', ')}`;
		checks.push({status: 'ok', label: 'config', text: `${path}: ${loaded.file ? 'valid' : 'none (flags and environment only)'}, ${profile}`});
		for (const warning of warnings) checks.push({status: 'warn', label: 'config', text: warning});
		return config;
	} catch (error) {
		if (!isUsageError(error)) throw error;
		checks.push({status: 'fail', label: 'config', text: error.message});
		return null;
	}
}

/** Each server's checks; with several, each label names its server. */
async function serverChecks(config: Config, env: NodeJS.ProcessEnv, checks: Check[]): Promise<void> {
	if (config.demo) {
		checks.push({status: 'info', label: 'url', text: 'not set: ohtui runs its demo servers (set OPENHANDS_URL or --url)'});
		return;
	}

	for (const server of config.servers) {
		const own: Check[] = [];
		await oneServerChecks(server, env, own);
		const prefix = config.servers.length > 1 ? `${server.name} ` : '';
		checks.push(...own.map(check => ({...check, label: prefix + check.label})));
	}
}

/** URL, proxy, generation, and whether the key is accepted (settings are guarded on every generation). */
async function oneServerChecks(config: ServerConfig, env: NodeJS.ProcessEnv, checks: Check[]): Promise<void> {
	if (config.url === null) {
		checks.push({status: 'info', label: 'url', text: 'not set: ohtui runs its demo server (set OPENHANDS_URL or --url)'});
		return;
	}
	checks.push({status: 'ok', label: 'url', text: serverLabel(config.url)});
	checks.push({status: 'info', label: 'api key', text: config.apiKey ? 'set (not shown)' : 'not set'});
	const route = proxyFor(new URL(config.url), env);
	if (route.kind === 'invalid') {
		checks.push({status: 'fail', label: 'proxy', text: route.message});
		return;
	}
	checks.push({
		status: 'ok',
		label: 'proxy',
		text:
			route.kind === 'proxy'
				? `${proxyLabel(route.url)} (${route.variable})${config.url.startsWith('https:') ? ', https through a CONNECT tunnel' : ''}`
				: route.reason === 'no_proxy'
					? `none: ${route.variable} names this host`
					: 'none (direct)',
	});

	const {createClient} = await import('../api/createClient.js');
	const client = createClient({baseUrl: config.url, apiKey: config.apiKey, auth: config.auth, env, connectTimeoutMs: 5000, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000});
	try {
		let scheme: AuthMode = config.auth === 'bearer' ? 'bearer' : 'session';
		try {
			const info = await client.serverInfo();
			scheme = info.auth;
			checks.push({status: 'ok', label: 'server', text: info.label});
		} catch (error) {
			checks.push({status: 'fail', label: 'server', text: message(error)});
			if (isApiError(error) && (error.kind === 'unreachable' || error.kind === 'timeout')) return;
		}
		const how = () => (config.apiKey ? `${authName(scheme)} accepted${config.auth === 'auto' ? ' (auto)' : ''}` : 'no key needed');
		try {
			const settings = await client.getSettings();
			checks.push({status: 'ok', label: 'auth', text: `${how()}; settings ${settings ? 'read' : 'not stored yet'}`});
		} catch (error) {
			if (isApiError(error) && error.kind === 'unsupported') {
				// an agent server before SDK 1.17 (1.1.0, what November-2025 app servers launch) keeps no
				// settings: nothing wrong (issue 27 item 17); its conversation list is what takes the key
				await keyByConversations(client, checks, how);
				return;
			}
			const refused = isApiError(error) && error.kind === 'unauthorized';
			const text = refused && config.apiKey && config.auth === 'auto' ? `${message(error)}; refused with X-Session-API-Key and with Bearer` : message(error);
			checks.push({status: 'fail', label: 'auth', text});
		}
	} finally {
		await client.close();
	}
}

/** The key checked on the conversation list, for a server with no settings to read. */
async function keyByConversations(client: {searchConversations: OpenHandsClient['searchConversations']}, checks: Check[], how: () => string): Promise<void> {
	try {
		await client.searchConversations({limit: 1});
		checks.push({status: 'ok', label: 'auth', text: `${how()}; settings: none (agent server before 1.17)`});
	} catch (error) {
		checks.push({status: 'fail', label: 'auth', text: message(error)});
	}
}

export async function runDoctor(argv: string[], env: NodeJS.ProcessEnv, io: DoctorIo): Promise<number> {
	const checks: Check[] = [{status: 'ok', label: 'ohtui', text: `${version} on Node ${process.version} (${process.platform} ${process.arch})`}];
	let config: Config | null;
	try {
		config = await configChecks(argv, env, checks);
	} catch (error) {
		const usage = 'usage: ohtui doctor [--url URL | --profile NAME[,NAME...] | --all] [--auth auto|session|bearer]\n';
		if ((error as {usage?: string}).usage === 'help') {
			io.stdout.write(usage);
			return 0;
		}
		if (isUsageError(error) || (error as {usage?: string}).usage) {
			io.stderr.write(`ohtui doctor: ${isUsageError(error) ? `${error.message}\n` : ''}${usage}`);
			return 2;
		}
		throw error;
	}
	if (config) await serverChecks(config, env, checks);
	checks.push(terminalCheck(env));
	const tmux = await tmuxCheck(env);
	if (tmux) checks.push(tmux);

	const keys = [...(config?.servers ?? []).map(server => server.apiKey), env['OPENHANDS_API_KEY']?.trim()].filter((key): key is string => Boolean(key));
	const scrub = (text: string) => scrubKeys(text, keys, '***');
	const width = Math.max(...checks.map(c => c.label.length));
	const lines = checks.map(c => `  ${MARK[c.status]}  ${c.label.padEnd(width)}  ${scrub(c.text)}`);
	const failed = checks.filter(c => c.status === 'fail').length;
	const warned = checks.filter(c => c.status === 'warn').length;
	const summary = failed ? `${failed} check${failed > 1 ? 's' : ''} failed` : warned ? `all checks passed, ${warned} warning${warned > 1 ? 's' : ''}` : 'all checks passed';
	io.stdout.write(`ohtui doctor (no key is printed)\n${lines.join('\n')}\n${summary}\n`);
	return failed ? 1 : 0;
}
