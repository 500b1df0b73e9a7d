// Loaded with `node --import` before dist/cli.js by fatal.test.ts: on SIGUSR2 it makes the
// running app fail the way real bugs do, so the fatal exit path can be watched in a real pty.
process.on('SIGUSR2', () => {
	setImmediate(() => {
		if (process.env.OHTUI_INJECT === 'rejection') {
			void Promise.reject(new Error('injected rejection'));
		} else {
			throw new Error('injected failure\n    at somewhere (file.js:1:1)');
		}
	});
});
