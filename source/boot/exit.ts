/**
 * The one place that ends the process. Waits for stdout to take what was written (a pipe may be
 * slow), but not forever: a terminal that went away or stopped reading never calls back.
 */
export function exit(code: number): void {
	const force = setTimeout(() => process.exit(code), 400);
	process.stdout.write('', () => {
		clearTimeout(force);
		process.exit(code);
	});
}
