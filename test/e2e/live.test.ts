// Issue 18 in a real pseudo-terminal, against the stand-in agent server (REST and its events
// websocket, in this process): events on screen as another client makes them, the header saying
// `live` or `polling every 1 s`, a drop survived with each event once, a proxy without websockets.
import {afterEach, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerOptions, AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {KEY, conversationTitles, sendMessage} from '../support/agentRest.js';
import {openByTitle} from './openByTitle.js';
import {ptySessions, type PtySession} from './pty.js';

const sessions = ptySessions();
const servers: AgentServerStandIn[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) await server.close();
});

const TITLE = 'Fix flaky date parsing test in utils';
const occurrences = (screen: string, text: string) => screen.split(text).length - 1;

/** The stand-in (agents quiet), the app against it at a 1 s refresh, the activity of TITLE open. */
async function opened(options: AgentServerOptions = {}): Promise<{server: AgentServerStandIn; session: PtySession; id: string}> {
	const server = await startAgentServerStandIn({apiKey: KEY, live: false, ...options});
	servers.push(server);
	const id = (await conversationTitles(server)).find(c => c.title === TITLE)!.id;
	const session = sessions.spawn({args: ['--url', server.url, '--refresh', '1'], env: {OPENHANDS_API_KEY: KEY}});
	await openByTitle(session, TITLE);
	return {server, session, id};
}

const searches = (server: AgentServerStandIn, from: number) => server.requests.slice(from).filter(r => r.path.endsWith('/events/search')).length;

describe('live events in a terminal', () => {
	it('the header says live; another client’s message is on screen at once, with no event search', async () => {
		const {server, session, id} = await opened();
		await session.waitForText(/agent finished · live · /);
		const from = server.requests.length;
		await sendMessage(server, id, 'hello from the web app');
		await session.waitForText(/user\s+hello from the web app/, 5000);
		// three intervals more: still no search, the socket brings everything
		await new Promise(resolve => setTimeout(resolve, 3000));
		expect(searches(server, from)).toBe(0);
		expect(occurrences(session.screenText(), 'hello from the web app')).toBe(1);
	});

	it('a drop: polling while the socket is down, then live again; each event of the drop once', async () => {
		const {server, session, id} = await opened();
		await session.waitForText(/ · live · /);
		server.dropSockets({refuseMs: 2500});
		await session.waitForText(/ · polling every 1 s · /, 10_000);
		await sendMessage(server, id, 'sent during the drop');
		await sendMessage(server, id, 'also during the drop');
		await session.waitForText(/ · live · /, 15_000);
		await session.waitForText('also during the drop', 5000);
		// the resumed socket replays what polling already showed: dropped by id
		await new Promise(resolve => setTimeout(resolve, 1500));
		const screen = session.screenText();
		expect(occurrences(screen, 'sent during the drop')).toBe(1);
		expect(occurrences(screen, 'also during the drop')).toBe(1);
	});

	it('a proxy without websockets: polling every 1 s, and events still come', async () => {
		const {server, session, id} = await opened({refuseUpgrades: true});
		await session.waitForText(/agent finished · polling every 1 s · /, 10_000);
		await sendMessage(server, id, 'through polling');
		// a few polls at 1 s; a loaded machine (three test workers beside other work) took over 5 s
		await session.waitForText(/user\s+through polling/, 15_000);
	});
});
