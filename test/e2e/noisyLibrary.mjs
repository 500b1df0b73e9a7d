// Loaded with `node --import` before dist/cli.js by log.test.ts: on SIGUSR2 it does what libraries do
// while the UI is full-screen (a process warning, console.error and console.warn), so the test can see
// that none of it reaches the terminal and that the log gets it.
import {writeFileSync} from 'node:fs';

process.on('SIGUSR2', () => {
	setImmediate(() => {
		process.emitWarning('noisy library warning', 'ExperimentalWarning');
		console.error('library console.error line');
		console.warn('library console.warn line');
		process.stderr.write('a raw stderr write\n');
		// tells the test it all happened (the warning itself is printed on a later turn)
		if (process.env.OHTUI_NOISE_DONE) setTimeout(() => writeFileSync(process.env.OHTUI_NOISE_DONE, 'done'), 100);
	});
});
