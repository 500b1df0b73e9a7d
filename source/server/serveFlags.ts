/** Command-line flags of `ohtui serve` (both kinds): `--flag value`, `--flag=value`, and switches. */
export type Flag = {flag: string; value?: string};

/** Splits the arguments; a value flag without its value, or `=` on a switch, is an error. */
export function readFlags(args: readonly string[], valueFlags: readonly string[]): Flag[] | {error: string} {
	const flags: Flag[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		const eq = arg.indexOf('=');
		const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
		if (valueFlags.includes(flag)) {
			const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : args[++i];
			if (value === undefined) return {error: `${flag} needs a value`};
			flags.push({flag, value});
		} else if (eq > 0 && arg.startsWith('--')) {
			return {error: `unknown option ${flag}`};
		} else {
			flags.push({flag});
		}
	}
	return flags;
}

export function wholeNumber({flag, value}: Flag, max: number): number | {error: string} {
	const n = /^\d+$/.test(value ?? '') ? Number(value) : Number.NaN;
	return Number.isSafeInteger(n) && n <= max ? n : {error: `${flag} expects a whole number, got '${value}'`};
}
