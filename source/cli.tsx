// NO_COLOR is honoured by the theme (ui/theme.ts), which gives no colour under it; chalk keeps its
// level so bold and inverse (attributes, not colours) still mark the selection and the cursor.
import {version} from '../package.json';
import {exit, watchOutput} from './boot/exit.js';
import {loadTui} from './boot/loadTui.js';
import {decideStartup} from './config/startup.js';
import {oneLine} from './terminal/oneLine.js';

// Loaded by the launcher (bin.ts, dist/cli.js), which has enabled the compile cache already.
// Start-up time is spawn to first frame (the TUI) or to exit (a command): the entry holds only what
// every path needs, which is deciding the path, and each path comes in later: the TUI as one script
// run with V8's code cache (boot/loadTui.ts: the config's resolution, terminal, lifecycle, fleet,
// stores, and the UI: React, Ink, the views; in it, run only after the first frame, the demo server
// and the client, undici and zod), a command with import() of its own chunk (`ohtui status`
// answered from its cache is about a Node start), `serve` only for `ohtui serve`.
// test/e2e/bundle.test.ts fails when the entry reaches any of them statically again.

/**
 * Measurement only (test/bench/startupCount.ts): OHTUI_EXIT_AFTER_FIRST_FRAME=1 ends the process
 * right after Ink's first frame, `skeleton` right after the skeleton, with no exit handler run
 * (Ink's signal-exit wraps process.reallyExit to unmount: taken before Ink loads), so an
 * instruction count covers spawn to that frame and nothing after it.
 */
const exitAfter = process.env['OHTUI_EXIT_AFTER_FIRST_FRAME'];
const exitNow = (process as unknown as {reallyExit: (code: number) => never}).reallyExit.bind(process);

/**
 * The TUI's start before its script: the config's resolution and the skeleton (boot/tuiStart.ts, a
 * CommonJS file of its own, required: the TUI's path never starts Node's ES module loader).
 */
async function loadStart(): Promise<typeof import('./boot/tuiStart.js')> {
	return require('./boot/tuiStart.js') as typeof import('./boot/tuiStart.js');
}

async function main(): Promise<void> {
	const startup = await decideStartup(process.argv.slice(2), process.env, version, loadStart);
	switch (startup.kind) {
		case 'exit': {
			if (startup.stdout) {
				watchOutput('ohtui');
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
			watchOutput('ohtui doctor');
			exit(await runDoctor(startup.argv, process.env, {stdout: process.stdout, stderr: process.stderr}));
			return;
		}

		case 'command': {
			// its own chunk, and each command one more: no React, no Ink on this path (issue 20)
			const {runCommandInProcess} = await import('./commands/main.js');
			exit(await runCommandInProcess(startup.name, startup.argv));
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

			// the skeleton first (boot/skeleton.ts), then the TUI's script, whose Ink frame replaces it
			const openAttention = startup.needsYou === true;
			const skeleton = (await loadStart()).paintSkeleton(startup.config, {openAttention});
			if (exitAfter === 'skeleton') exitNow(0);
			// tests only (test/e2e/skeleton.test.ts): keys typed while the skeleton shows
			const hold = Number(process.env['OHTUI_TEST_HOLD_SKELETON_MS']);
			if (skeleton && hold > 0) await new Promise(resolve => setTimeout(resolve, hold));
			try {
				const tui = await loadTui();
				await tui.runApp(startup.config, startup.warnings, {
					openAttention,
					skeleton,
					afterFirstFrame() {
						if (exitAfter === '1') exitNow(0);
						tui.saveCache();
					},
				});
			} catch (error) {
				// before the lifecycle held the terminal: give it back before the message
				if (skeleton && !skeleton.replaced) skeleton.restore();
				throw error;
			}
		}
	}
}

main().catch((error: unknown) => {
	// Only reached before the UI starts (the lifecycle handles everything after): one line, no stack.
	process.stderr.write(`ohtui: fatal: ${oneLine(error)}\n`);
	exit(1);
});
