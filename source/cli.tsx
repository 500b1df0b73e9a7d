// NO_COLOR is honoured by the theme (ui/theme.ts), which gives no colour under it; chalk keeps its
// level so bold and inverse (attributes, not colours) still mark the selection and the cursor.
import {version} from '../package.json';
import {createLazyClient} from './boot/lazyClient.js';
import {enableCompileCache} from './runtime/compileCache.js';
import {tuneHeapAfterFirstFrame} from './runtime/memory.js';
import {decideStartup} from './config/startup.js';
import type {Config} from './config/resolveConfig.js';
import {serverLabel} from './config/url.js';
import type {StandInServer} from './server/types.js';
import {createStore} from './store/createStore.js';
import {createLifecycle, oneLine, type Lifecycle} from './terminal/lifecycle.js';
import {createScreen, type Screen} from './terminal/screen.js';
import {openLogFile, type LogFile} from './log/logFile.js';
import {guardStderr} from './log/stderrGuard.js';
import {createSuspender, type Suspender} from './terminal/suspend.js';
import {writeWithoutBlocking} from './terminal/tty.js';

// Start-up time is spawn to first frame: the entry holds only what every path needs, and the rest
// comes in with import() when a path needs it (esbuild splits each into its own chunk):
// the UI (React, Ink, the views) and the demo server before the first frame, the client (undici,
// zod) on the store's first call, after that frame, and `serve` only for `ohtui serve`.

/**
 * The one place that ends the process. Waits for stdout to take what was written (a pipe may be
 * slow), but not forever: a terminal that went away or stopped reading never calls back.
 */
function exit(code: number): void {
	const force = setTimeout(() => process.exit(code), 400);
	process.stdout.write('', () => {
		clearTimeout(force);
		process.exit(code);
	});
}

async function main(): Promise<void> {
	// before the chunks load: they are what it caches (see runtime/compileCache.ts)
	enableCompileCache();
	const startup = await decideStartup(process.argv.slice(2), process.env, version);
	switch (startup.kind) {
		case 'exit': {
			if (startup.stdout) {
				process.stdout.write(startup.stdout);
			}

			if (startup.stderr) {
				process.stderr.write(startup.stderr);
			}

			exit(startup.code);
			return;
		}

		case 'serve': {
			const {serve} = await import('./server/serve.js');
			exit(await serve(startup.argv));
			return;
		}

		case 'doctor': {
			// its own chunk: the checklist loads the client and the config schema, the TUI never does
			const {runDoctor} = await import('./doctor/doctor.js');
			exit(await runDoctor(startup.argv, process.env, {stdout: process.stdout, stderr: process.stderr}));
			return;
		}

		case 'run': {
			// Before anything starts: a full-screen UI on a pipe would only write escape codes into a file.
			if (!process.stdin.isTTY || !process.stdout.isTTY) {
				process.stderr.write('ohtui needs a terminal (run it in a terminal, or ssh -t)\n');
				exit(2);
				return;
			}

			for (const warning of startup.warnings) {
				process.stderr.write(`ohtui: ${warning}\n`);
			}

			await runApp(startup.config, startup.warnings);
		}
	}
}

async function runApp(config: Config, warnings: readonly string[]): Promise<void> {
	const redact = (text: string) => (config.apiKey ? text.split(config.apiKey).join('***') : text);
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
	const suspender = createSuspender();
	lifecycle.defer(suspender.install());

	let log: LogFile | null = null;
	if (config.logFile !== null) {
		try {
			log = openLogFile(config.logFile, redact);
			log.write(`${new Date().toISOString()} ohtui ${version} (node ${process.version}) started`);
		} catch (error) {
			// said now, while stderr is still the terminal's
			process.stderr.write(`ohtui: cannot open the log file (${oneLine(error)}); running without a log\n`);
		}
	}

	try {
		await startApp(config, screen, lifecycle, log, warnings, suspender);
	} catch (error) {
		lifecycle.fatal(error);
	}
}

async function startApp(
	config: Config,
	screen: Screen,
	lifecycle: Lifecycle,
	log: LogFile | null,
	warnings: readonly string[],
	suspender: Suspender,
): Promise<void> {
	// Registered first so it runs last of the clean-ups, right before the screen is restored: warnings
	// printed while the UI unmounts and sockets close still go to the log, and a fatal message after
	// the restore reaches the terminal.
	let unguard = () => {};
	lifecycle.defer(() => {
		unguard();
		log?.close();
	});

	// Demo mode: the stand-in server with its default (human-paced) timings. It starts after the
	// first frame, which it would delay by ~40 ms (loading and seeding it, then listening): the
	// header says `demo` at once and shows the address when it is known, and the client's calls
	// wait for that address.
	let demoStarted: ((url: string) => void) | undefined;
	let demoFailed: ((error: unknown) => void) | undefined;
	const demoUrl =
		config.url === null
			? new Promise<string>((resolve, reject) => {
					demoStarted = resolve;
					demoFailed = reject;
				})
			: null;
	// closed after the client, as before the first frame moved ahead of it
	let demoServer: Promise<StandInServer> | null = null;
	lifecycle.defer(async () => {
		await demoServer?.then(
			async server => server.close(),
			() => {},
		);
	});
	const {renderApp} = await import('./boot/renderApp.js');
	const client = createLazyClient({
		baseUrl: demoUrl ?? config.url!,
		apiKey: config.apiKey,
		auth: config.auth,
		...(log ? {log: (line: string) => log.write(line)} : {}),
		// the embedded demo server is on loopback: a corporate proxy from the environment has no business there
		...(demoUrl ? {env: {}} : {}),
	});
	lifecycle.defer(async () => client.close());
	const store = createStore(client, {refreshMs: config.refreshMs, maxItems: config.maxItems});
	lifecycle.defer(() => {
		store.dispose();
	});

	if (lifecycle.stopping) {
		// A signal arrived while the UI chunk loaded: do not take over the screen now.
		return;
	}

	unguard = guardStderr(log ? line => log.write(`${new Date().toISOString()} stderr ${line}`) : null);
	const instance = renderApp({
		store,
		serverLabel: config.url === null ? '' : serverLabel(config.url),
		demo: config.demo,
		onQuit: () => {
			lifecycle.quit(0);
		},
		onFatal: lifecycle.fatal,
		apiKey: config.apiKey,
		keys: config.keys,
		theme: config.theme,
		suspend: suspender.suspend,
		attachTerminal: suspender.attach,
		plain: !screen.capable,
		readOnly: config.readOnly,
		notify: config.notify,
		// Printed to stderr before the screen too, but the alternate screen hides that until quit.
		notices: warnings,
	});
	// Ink's unmount gives the terminal back (screen.ts); first of the clean-ups, as the UI goes first
	screen.hold(instance.unmount);
	lifecycle.defer(() => {
		screen.restore();
	});
	store.start();
	if (demoUrl) {
		demoServer = import('./server/standInServer.js').then(async ({startStandInServer}) => startStandInServer({}));
		demoServer.then(
			server => {
				demoStarted!(server.url);
				instance.setServerLabel(serverLabel(server.url));
			},
			(error: unknown) => {
				demoFailed!(error);
				lifecycle.fatal(error);
			},
		);
	}

	// after the first frame, which they would slow down (see runtime/memory.ts)
	tuneHeapAfterFirstFrame();
}

main().catch((error: unknown) => {
	// Only reached before the UI starts (the lifecycle handles everything after): one line, no stack.
	process.stderr.write(`ohtui: fatal: ${oneLine(error)}\n`);
	exit(1);
});
