// First: decides chalk's colour level from NO_COLOR before Ink (and chalk) load.
import './terminal/noColor.js';
import React from 'react';
import {render} from 'ink';
import {version} from '../package.json';
import {createClient} from './api/createClient.js';
import {decideStartup} from './config/startup.js';
import type {Config} from './config/resolveConfig.js';
import {serverLabel} from './config/url.js';
import {serve} from './server/serve.js';
import {startStandInServer} from './server/standInServer.js';
import {createStore} from './store/createStore.js';
import {FatalBoundary} from './terminal/FatalBoundary.js';
import {createLifecycle, oneLine, type Lifecycle} from './terminal/lifecycle.js';
import {createScreen, type Screen} from './terminal/screen.js';
import {App} from './ui/App.js';

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
	const startup = decideStartup(process.argv.slice(2), process.env, version);
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
	let baseUrl: string;
	if (config.url === null) {
		// Demo mode: the stand-in server with its default (human-paced) timings.
		const server = await startStandInServer({});
		lifecycle.defer(async () => server.close());
		baseUrl = server.url;
	} else {
		baseUrl = config.url;
	}

	const client = createClient({baseUrl, apiKey: config.apiKey, auth: config.auth});
	lifecycle.defer(async () => client.close());
	const store = createStore(client, {refreshMs: config.refreshMs});
	lifecycle.defer(() => {
		store.dispose();
	});

	if (lifecycle.stopping) {
		// A signal arrived while the demo server started: do not take over the screen now.
		return;
	}

	screen.enter();
	const instance = render(
		<FatalBoundary onFatal={lifecycle.fatal}>
			<App
				store={store}
				serverLabel={serverLabel(baseUrl)}
				demo={config.demo}
				onQuit={() => {
					lifecycle.quit(0);
				}}
			/>
		</FatalBoundary>,
		{exitOnCtrlC: false, patchConsole: false, incrementalRendering: true},
	);
	lifecycle.defer(() => {
		instance.unmount();
	});
	store.start();
}

main().catch((error: unknown) => {
	// Only reached before the UI starts (the lifecycle handles everything after): one line, no stack.
	process.stderr.write(`ohtui: fatal: ${oneLine(error)}\n`);
	exit(1);
});
