/**
 * The connection pool of one origin, direct or through the proxy the environment names, chosen the
 * way curl chooses (lib/url.c `detect_proxy`, lib/noproxy.c):
 *
 * - an https URL uses `https_proxy`, then `HTTPS_PROXY`; an http URL `http_proxy`, then `HTTP_PROXY`
 *   (curl reads only the lower-case one for http, against "httpoxy" in CGI programs; ohtui is no CGI
 *   program and users set either); then `all_proxy` / `ALL_PROXY`. Empty values count as unset.
 * - `no_proxy`, then `NO_PROXY`: `*` alone bypasses every host; otherwise a comma-separated list of
 *   names, each matching that host and its subdomains (a leading dot is ignored), IP addresses, IPv4
 *   CIDR ranges, and (as undici's EnvHttpProxyAgent) an optional `:port`.
 * - a proxy without a scheme is http://, without a port :1080 (curl's default); socks5h:// is taken
 *   as socks5:// (undici sends the host name to the proxy, which is what the `h` asks for).
 *
 * An https target goes through a CONNECT tunnel and TLS runs end to end inside it, so the proxy sees
 * only `CONNECT host:port` and never a header (the key). A plain http target is forwarded as curl
 * forwards it (`GET http://host/path`): many proxies allow CONNECT only to port 443, and over plain
 * http the proxy could read the traffic anyway.
 */
import {createRequire} from 'node:module';
import {isIP} from 'node:net';
import type {Pool as PoolTypes} from 'undici';
import {type Dispatcher, Pool, ProxyAgent} from './undiciParts.js';
import type {ApiError} from '../errors.js';
import {type ErrorContext, makeError} from '../errorText.js';

export type ProxyRoute =
	| {kind: 'direct'; reason: 'no proxy set' | 'no_proxy'; variable: string | null}
	| {kind: 'proxy'; url: string; variable: string}
	| {kind: 'invalid'; variable: string; message: string};

type Env = NodeJS.ProcessEnv;

function read(env: Env, names: readonly string[]): {name: string; value: string} | null {
	for (const name of names) {
		const value = env[name]?.trim();
		if (value) return {name, value};
	}
	return null;
}

function hostOf(target: URL): string {
	return target.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

function defaultPort(target: URL): string {
	return target.port || (target.protocol === 'https:' ? '443' : '80');
}

function ipv4ToNumber(ip: string): number {
	return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inCidr(host: string, range: string): boolean {
	const [base, bitsText] = range.split('/');
	const bits = Number(bitsText);
	if (!base || isIP(base) !== 4 || isIP(host) !== 4 || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
	if (bits === 0) return true;
	const mask = 2 ** 32 - 2 ** (32 - bits);
	// eslint-disable-next-line no-bitwise
	return ((ipv4ToNumber(host) & mask) >>> 0) === ((ipv4ToNumber(base) & mask) >>> 0);
}

/** The no_proxy entry that matches the target, or null. */
export function noProxyMatch(target: URL, list: string): string | null {
	const host = hostOf(target);
	const port = defaultPort(target);
	for (const raw of list.split(',')) {
		const entry = raw.trim().toLowerCase();
		if (!entry) continue;
		if (entry === '*') return entry;
		let name = entry;
		let wantPort: string | null = null;
		const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(name);
		if (bracketed) {
			name = bracketed[1]!;
			wantPort = bracketed[2] ?? null;
		} else if (/^[^:]+:\d+$/.test(name)) {
			const at = name.lastIndexOf(':');
			wantPort = name.slice(at + 1);
			name = name.slice(0, at);
		}
		if (wantPort !== null && wantPort !== port) continue;
		if (name.includes('/')) {
			if (inCidr(host, name)) return entry;
			continue;
		}
		name = name.replace(/^\*?\./, '').replace(/\.$/, '');
		if (!name) continue;
		if (host === name) return entry;
		if (isIP(host) === 0 && host.endsWith(`.${name}`)) return entry;
	}
	return null;
}

/** Normalizes a proxy value to a URL undici takes, or explains why it cannot be used. */
function proxyUrl(value: string): {url: string} | {error: string} {
	const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
	let url: URL;
	try {
		url = new URL(withScheme);
	} catch {
		return {error: 'not a URL'};
	}
	if (url.protocol === 'socks5h:') url = new URL(`socks5:${withScheme.slice(url.protocol.length)}`);
	if (!['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol)) {
		return {error: `unsupported proxy scheme ${url.protocol.replace(/:$/, '')} (http, https or socks5)`};
	}
	// `new URL` drops a port equal to the scheme default: only a value naming no port at all gets 1080
	const namesPort = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?#]*):\d+/i.test(withScheme);
	if (!namesPort) url.port = '1080';
	return {url: url.href};
}

/** Which proxy (if any) a request to `target` goes through, from the environment. */
export function proxyFor(target: URL, env: Env): ProxyRoute {
	const names =
		target.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'] : ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'];
	const chosen = read(env, names);
	if (!chosen) return {kind: 'direct', reason: 'no proxy set', variable: null};
	const noProxy = read(env, ['no_proxy', 'NO_PROXY']);
	if (noProxy && noProxyMatch(target, noProxy.value) !== null) return {kind: 'direct', reason: 'no_proxy', variable: noProxy.name};
	const parsed = proxyUrl(chosen.value);
	if ('error' in parsed) return {kind: 'invalid', variable: chosen.name, message: `${chosen.name}: ${parsed.error}`};
	return {kind: 'proxy', url: parsed.url, variable: chosen.name};
}

/** A proxy URL fit to print: no user, no password. */
export function proxyLabel(url: string): string {
	try {
		const parsed = new URL(url);
		const auth = parsed.username || parsed.password ? '••••@' : '';
		return `${parsed.protocol}//${auth}${parsed.host}`;
	} catch {
		return 'proxy';
	}
}

/**
 * Node's CA list, read only when the user adds a CA: loading node:tls maps ~4 MB of OpenSSL from
 * the node binary into resident memory, which a plain-http server (the demo, a local server) never
 * needs; undici loads it by itself for https.
 */
function rootCertificates(): readonly string[] {
	return (createRequire(import.meta.url)('node:tls') as typeof import('node:tls')).rootCertificates;
}

export type DispatcherOptions = {
	/** options of the per-origin pool (time-outs, keep-alive, connections); `connect` may carry `timeout` */
	pool: PoolTypes.Options & {connect?: {timeout?: number}};
	/** extra trusted CA certificates (PEM), added to Node's own */
	ca?: string | undefined;
	/**
	 * through a proxy, always a CONNECT tunnel, plain http included: a websocket upgrade forwarded as
	 * `GET http://host/path` is not relayed by most proxies (node:http's is not), a tunnel carries it
	 */
	tunnel?: boolean;
};

export type OriginDispatcher = {dispatcher: Dispatcher; route: ProxyRoute};

/** The dispatcher for `target`'s origin; `invalid` routes get none (requests fail with the route's message). */
export function createDispatcher(target: URL, env: Env, options: DispatcherOptions): OriginDispatcher | {dispatcher: null; route: ProxyRoute} {
	const route = proxyFor(target, env);
	const timeout = options.pool.connect?.timeout;
	const tls = {
		...(timeout === undefined ? {} : {timeout}),
		...(options.ca ? {ca: [...rootCertificates(), options.ca]} : {}),
	};
	if (route.kind === 'invalid') return {dispatcher: null, route};
	if (route.kind === 'direct') {
		return {dispatcher: new Pool(target.origin, {...options.pool, connect: {...options.pool.connect, ...tls}}), route};
	}
	const {connect: _connect, ...pool} = options.pool;
	const agent = new ProxyAgent({
		...pool,
		uri: route.url,
		proxyTunnel: options.tunnel === true || target.protocol === 'https:' || !route.url.startsWith('http:'),
		requestTls: tls,
		proxyTls: timeout === undefined ? {} : {timeout},
	});
	return {dispatcher: agent, route};
}

/**
 * A proxy that refuses the tunnel surfaces in undici as an abort (`Proxy response (407) !== 200 when
 * HTTP Tunneling`, UND_ERR_ABORTED): it is the proxy's answer, not the caller cancelling.
 */
export function proxyError(ctx: ErrorContext, error: unknown, route: ProxyRoute | null | undefined): ApiError | null {
	if (route?.kind !== 'proxy' || !(error instanceof Error)) return null;
	const refused = /Proxy response \((\d{3})\)/.exec(error.message);
	if (refused) {
		const status = Number(refused[1]);
		const why = status === 407 ? 'proxy authentication required' : `status ${status}`;
		return makeError(ctx, {kind: 'unreachable', message: `the proxy (${route.variable}) refused the connection: ${why}`});
	}
	if (error.name === 'SecureProxyConnectionError') {
		return makeError(ctx, {kind: 'unreachable', message: `TLS to the proxy (${route.variable}) failed`});
	}
	// Every connection goes to the proxy: one that cannot be made is the proxy's fault, not the
	// server's (issue 21 item 16). The target's own failures come back as the proxy's answers.
	const dead = DEAD_PROXY[networkCode(error) ?? ''];
	if (dead) return makeError(ctx, {kind: dead.kind, message: `cannot reach the proxy ${proxyLabel(route.url)} (${route.variable}): ${dead.reason}`});
	return null;
}

const DEAD_PROXY: Record<string, {kind: 'unreachable' | 'timeout'; reason: string}> = {
	ECONNREFUSED: {kind: 'unreachable', reason: 'connection refused'},
	ENOTFOUND: {kind: 'unreachable', reason: 'host not found'},
	EAI_AGAIN: {kind: 'unreachable', reason: 'host not found (DNS)'},
	EHOSTUNREACH: {kind: 'unreachable', reason: 'host unreachable'},
	ENETUNREACH: {kind: 'unreachable', reason: 'network unreachable'},
	UND_ERR_CONNECT_TIMEOUT: {kind: 'timeout', reason: 'no answer to the connection'},
	ETIMEDOUT: {kind: 'timeout', reason: 'no answer to the connection'},
};

function networkCode(error: unknown): string | undefined {
	for (let current = error as {code?: unknown; cause?: unknown; errors?: unknown} | null, depth = 0; current && depth < 4; depth++) {
		if (typeof current.code === 'string' && current.code in DEAD_PROXY) return current.code;
		if (Array.isArray(current.errors)) {
			const inner = current.errors.map(networkCode).find(Boolean);
			if (inner) return inner;
		}
		current = current.cause as typeof current;
	}
	return undefined;
}
