/**
 * Command-line flags of `ohtui serve` (both kinds): `--flag value`, `--flag=value`, switches, and
 * whole numbers with an upper bound. Each kind describes its flags as a table and gets the same
 * errors for the same mistakes.
 */
export type FlagTable<T> = {
	/** flags without a value (`-h`/`--help` are always known) */
	switches: Record<string, (target: T) => void>;
	/** flags with a value; the handler returns an error message when the value will not do */
	values: Record<string, (target: T, value: string) => string | void>;
	/** flags with a whole number up to the bound */
	numbers: Record<string, [max: number, set: (target: T, n: number) => void]>;
	/** what to add to `unknown option X` (e.g. that X belongs to the other kind) */
	hint?: (flag: string) => string;
};

export function applyFlags<T>(args: readonly string[], table: FlagTable<T>, target: T): {help: boolean} | {error: string} {
	let help = false;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		const eq = arg.indexOf('=');
		const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
		const setValue = table.values[flag];
		const number = table.numbers[flag];
		if (!setValue && !number) {
			if (eq > 0 && arg.startsWith('--')) return {error: `unknown option ${flag}`};
			if (flag === '-h' || flag === '--help') help = true;
			else if (table.switches[flag]) table.switches[flag](target);
			else return {error: `unknown option ${flag}${table.hint?.(flag) ?? ''}`};
			continue;
		}
		const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : args[++i];
		if (value === undefined) return {error: `${flag} needs a value`};
		if (setValue) {
			const error = setValue(target, value);
			if (error) return {error};
			continue;
		}
		const [max, set] = number!;
		const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
		if (!Number.isSafeInteger(n) || n > max) return {error: `${flag} expects a whole number, got '${value}'`};
		set(target, n);
	}
	return {help};
}
