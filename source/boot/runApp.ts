/**
 * The full-screen TUI's start (`ohtui` with no command): terminal, lifecycle, log, fleet, then the
 * UI. Built, this module is the entry of the TUI's script (scripts/build.mjs tuiEntry), which the
 * entry runs on that path only, with V8's code cache (./loadTui.ts): the commands, `--help` and
 * `--version` never parse the fleet, the stores, the terminal handling or the UI. The UI
 * (./renderApp.tsx) is imported statically; what comes after the first frame (the client, the
 * stand-ins) with import(), which the script runs only then.
 */
import {version} from '../../package.json';
import type {Config} from '../config/resolveConfig.js';
import {serverLabel} from '../config/url.js';
import {createFleet} from '../fleet/createFleet.js';
import {scrubKeys} from '../text/knownSecrets.js';
import {openLogFile, type LogFile} from '../log/logFile.js';
import {guardStderr} from '../log/stderrGuard.js';
import {tuneHeapAfterFirstFrame} from '../runtime/memory.js';
import {createLifecycle, oneLine, type Lifecycle} from '../terminal/lifecycle.js';
import {createScreen, type Screen} from '../terminal/screen.js';
import {createSuspender, type Suspender} from '../terminal/suspend.js';
import {tmuxPaneTitle} from '../terminal/tmuxProbe.js';
import {writeWithoutBlocking} from '../terminal/tty.js';
import {exit} from './exit.js';
import {fleetMembers} from './members.js';
import {renderApp} from './renderApp.js';
import type {SkeletonHold} from './skeleton.js';


/** What the entry needs of an embedded server (either stand-in). */
type Listening = {url: string; close(): Promise<void>};

export type RunOptions = {
	/** `--needs-you`: the UI opens on the needs-you list */
	openAttention?: boolean;
	/** the skeleton on screen (./skeleton.ts): the terminal is held from it until Ink's frame replaces it */
	skeleton?: SkeletonHold | null;
	/** called once Ink's first frame is written (the code cache's writer: ./loadTui.ts) */
	afterFirstFrame?: () => void;
};

export async function runApp(config: Config, warnings: readonly string[], {openAttention = false, skeleton = null, afterFirstFrame = () => {}}: RunOptions = {}): Promise<void> {
	// tmux names a window after its program where the user lets it (`automatic-rename`, on by
	// default): `ohtui`, not `node` (issue 26 item 17). Nothing is asked of tmux or set in it: where
	// automatic-rename is off, the window keeps the name the user gave it.
	process.title = 'ohtui';
	const keys = config.servers.flatMap(server => (server.apiKey ? [server.apiKey] : []));
	const redact = (text: string) => scrubKeys(text, keys, '***');
	// A terminal that stops reading must not block the event loop, or even SIGTERM waits (tty.ts).
	// stderr too: restore-cursor (through Ink) writes to it on every signal.
	writeWithoutBlocking(process.stdout);
	writeWithoutBlocking(process.stderr);
	const screen = createScreen(process.stdout);
	const lifecycle = createLifecycle({
		screen,
		stderr: process.stderr,
		exit,
		redact,
		// with exit's own wait for stdout, a signal ends the process within about a second
		cleanupTimeoutMs: 500,
	});
	lifecycle.installProcessHandlers();
	if (skeleton) {
		// the lifecycle's from now on; until Ink's frame, its restore is the skeleton's
		skeleton.handOver();
		screen.hold(() => skeleton.restore());
	}
	const suspender = createSuspender();
	lifecycle.defer(suspender.install());

	const notices = [...warnings];
	let log: LogFile | null = null;
	if (config.logFile !== null) {
		try {
			log = openLogFile(config.logFile, redact);
			log.write(`${new Date().toISOString()} ohtui ${version} (node ${process.version}) started`);
		} catch (error) {
			// said now, while stderr is still the terminal's; over the skeleton, in the footer
			const line = `cannot open the log file (${oneLine(error)}); running without a log`;
			if (skeleton) notices.push(line);
			else process.stderr.write(`ohtui: ${line}\n`);
		}
	}

	try {
		await startApp(config, keys, screen, lifecycle, log, notices, suspender, openAttention, afterFirstFrame);
	} catch (error) {
		lifecycle.fatal(error);
	}
}

async function startApp(
	config: Config,
	keys: readonly string[],
	screen: Screen,
	lifecycle: Lifecycle,
	log: LogFile | null,
	warnings: readonly string[],
	suspender: Suspender,
	openAttention: boolean,
	afterFirstFrame: () => void,
): Promise<void> {
	// Registered first so it runs last of the clean-ups, right before the screen is restored: warnings
	// printed while the UI unmounts and sockets close still go to the log, and a fatal message after
	// the restore reaches the terminal.
	let unguard = () => {};
	lifecycle.defer(() => {
		unguard();
		log?.close();
	});

	// Embedded demo servers (no URL): the stand-in with its default (human-paced) timings. They start
	// after the first frame, which they would delay by ~40 ms each (loading and seeding, then
	// listening): the header says `demo` at once and shows the address when it is known, and each
	// client's calls wait for that address.
	const demoServers: Array<Promise<Listening>> = [];
	// closed after the clients, as before the first frame moved ahead of them
	lifecycle.defer(async () => {
		await Promise.all(demoServers.map(async server => server.then(async s => s.close(), () => {})));
	});
	const {members, embedded, close} = fleetMembers(config.servers, log ? (line: string) => log.write(line) : undefined);
	lifecycle.defer(close);
	const fleet = createFleet(members);
	lifecycle.defer(() => {
		fleet.dispose();
	});

	// tmux keeps no title stack: its pane title is written back at quit (terminal/screen.ts)
	void tmuxPaneTitle(process.env).then(title => {
		if (title !== null) screen.setTitleToRestore(title);
	});
	unguard = guardStderr(log ? line => log.write(`${new Date().toISOString()} stderr ${line}`) : null);
	const instance = renderApp({
		fleet,
		demo: config.demo,
		onQuit: () => {
			lifecycle.quit(0);
		},
		onFatal: lifecycle.fatal,
		apiKeys: keys,
		keys: config.keys,
		theme: config.theme,
		suspend: suspender.suspend,
		attachTerminal: suspender.attach,
		plain: !screen.capable,
		notify: config.notify,
		notifyCommand: config.notifyCommand,
		setTitle: screen.setTitle,
		...(log ? {log: (line: string) => log.write(line)} : {}),
		openAttention,
		// Printed to stderr before the screen too, but the alternate screen hides that until quit.
		notices: warnings,
	});
	// Ink's unmount gives the terminal back (screen.ts); first of the clean-ups, as the UI goes first
	screen.hold(instance.unmount);
	lifecycle.defer(() => {
		screen.restore();
	});
	// Ink has written the first frame (synchronously, in render()). The code cache holds what ran for
	// it; made before the heap flags, which V8 records in it (runtime/codeCache.ts)
	afterFirstFrame();
	fleet.start();
	for (const server of embedded) {
		// each kind's stand-in in its own chunk, with its demo story (live agents, one waiting for you)
		const started: Promise<Listening> =
			server.kind === 'agent-server'
				? import('../server/agentServer/start.js').then(async ({startAgentServerStandIn}) => startAgentServerStandIn({}))
				: import('../server/standInServer.js').then(async ({startStandInServer}) => startStandInServer({}));
		demoServers.push(started);
		started.then(
			listening => {
				server.listening(listening.url);
				fleet.setLabel(server.name, serverLabel(listening.url));
			},
			(error: unknown) => {
				server.failed(error);
				lifecycle.fatal(error);
			},
		);
	}

	// after the first frame, which they would slow down (see runtime/memory.ts)
	tuneHeapAfterFirstFrame();
}
