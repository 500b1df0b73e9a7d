// First: decides chalk's colour level from NO_COLOR before Ink (and chalk) load.
import './terminal/noColor.js';
import {version} from '../package.json';
import {createLazyClient} from './boot/lazyClient.js';
import {enableCompileCache} from './runtime/compileCache.js';
import {tuneHeapAfterFirstFrame} from './runtime/memory.js';
import {decideStartup} from './config/startup.js';
import type {Config} from './config/resolveConfig.js';
import {serverLabel} from './config/url.js';
import {createStore} from './store/createStore.js';
import {createLifecycle, oneLine, type Lifecycle} from './terminal/lifecycle.js';
import {createScreen, type Screen} from './terminal/screen.js';

// Start-up time is spawn to first frame: the entry holds only what every path needs, and the rest
// comes in with import() when a path needs it (esbuild splits each into its own chunk):
// the UI (React, Ink, the views) and the demo server before the first frame, the client (undici,
// zod) on the store's first call, after that frame, and `serve` only for `ohtui serve`.

/**
 * The one place that ends the process. Waits for stdout to take what was written (a pipe may be
 * slow), but not forever: a terminal that went away never calls back.
 */
function exit(code: number): void {
	const force = setTimeout(() => process.exit(code), 500);
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

			await runApp(startup.config);
		}
	}
}

async function runApp(config: Config): Promise<void> {
	const screen = createScreen(process.stdout);
	const lifecycle = createLifecycle({
		screen,
		stderr: process.stderr,
		exit,
		redact: text => (config.apiKey ? text.split(config.apiKey).join('***') : text),
	});
	lifecycle.installProcessHandlers();

	try {
		await startApp(config, screen, lifecycle);
	} catch (error) {
		lifecycle.fatal(error);
	}
}

async function startApp(config: Config, screen: Screen, lifecycle: Lifecycle): Promise<void> {
	// The UI chunk and the demo server load side by side, and the server starts listening while the
	// UI chunk still evaluates; the demo server starts before the first frame because the header
	// shows its address.
	const [{renderApp}, demoServer] = await Promise.all([
		import('./boot/renderApp.js'),
		config.url === null ? import('./server/standInServer.js').then(async ({startStandInServer}) => startStandInServer({})) : null,
	]);
	let baseUrl: string;
	if (demoServer) {
		// Demo mode: the stand-in server with its default (human-paced) timings.
		lifecycle.defer(async () => demoServer.close());
		baseUrl = demoServer.url;
	} else {
		baseUrl = config.url!;
	}

	const client = createLazyClient({baseUrl, apiKey: config.apiKey, auth: config.auth});
	lifecycle.defer(async () => client.close());
	const store = createStore(client, {refreshMs: config.refreshMs, maxItems: config.maxItems});
	lifecycle.defer(() => {
		store.dispose();
	});

	if (lifecycle.stopping) {
		// A signal arrived while the demo server started: do not take over the screen now.
		return;
	}

	screen.enter();
	const instance = renderApp({
		store,
		serverLabel: serverLabel(baseUrl),
		demo: config.demo,
		onQuit: () => {
			lifecycle.quit(0);
		},
		onFatal: lifecycle.fatal,
	});
	lifecycle.defer(() => {
		instance.unmount();
	});
	store.start();
	// after the first frame, which they would slow down (see runtime/memory.ts)
	tuneHeapAfterFirstFrame();
}

main().catch((error: unknown) => {
	// Only reached before the UI starts (the lifecycle handles everything after): one line, no stack.
	process.stderr.write(`ohtui: fatal: ${oneLine(error)}\n`);
	exit(1);
});
