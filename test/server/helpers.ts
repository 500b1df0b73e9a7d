import {afterEach} from 'vitest';
import {startStandInServer} from '../../source/server/index.js';
import type {StandInOptions, StandInServer} from '../../source/server/index.js';

const open: StandInServer[] = [];

afterEach(async () => {
	await Promise.all(open.splice(0).map(server => server.close()));
});

/** A stand-in server closed after the test; the rate limiter is off unless asked for. */
export async function startServer(options: StandInOptions = {}): Promise<StandInServer> {
	const server = await startStandInServer({rateLimit: false, ...options});
	open.push(server);
	return server;
}

export type Got = {status: number; headers: Headers; text: string; json: any};

/** A response read whole: its text, and its JSON when it parses (else undefined). */
export async function readGot(res: Response): Promise<Got> {
	const text = await res.text();
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return {status: res.status, headers: res.headers, text, json};
}

export async function request(server: StandInServer, path: string, init: RequestInit = {}): Promise<Got> {
	return readGot(await fetch(server.url + path, init));
}

export const get = (server: StandInServer, path: string) => request(server, path);

export const post = (server: StandInServer, path: string, body?: unknown) =>
	request(server, path, {
		method: 'POST',
		headers: body === undefined ? {} : {'content-type': 'application/json'},
		body: body === undefined ? undefined : JSON.stringify(body),
	});

/** Polls `read` until `done` holds (every 10 ms, up to 5 s); returns every distinct value seen, in order. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, key = (v: T) => JSON.stringify(v)) {
	const seen: T[] = [];
	const deadline = Date.now() + 5000;
	for (;;) {
		const value = await read();
		if (seen.length === 0 || key(seen[seen.length - 1]!) !== key(value)) seen.push(value);
		if (done(value)) return seen;
		if (Date.now() > deadline) throw new Error(`timed out; last value ${key(value)}`);
		await new Promise(resolve => setTimeout(resolve, 10));
	}
}

/** A manual clock for deterministic sandbox lifecycle checks. */
export function manualClock(start = Date.UTC(2025, 10, 15, 9, 0, 0)) {
	let now = start;
	return {now: () => now, advance: (ms: number) => (now += ms)};
}

export const HEX32 = /^[0-9a-f]{32}$/;
export const UTC_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/;
export const NAIVE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?$/;
export const SANDBOX_ID = /^oh-agent-server-[0-9A-Za-z]{1,22}$/;
