/**
 * Sizes and speeds of a copy, as `ohtui cp` and `trajectory` say them on stderr (issue 28 item 3):
 * `12.3 kB`, `1.2 MB in 0.8 s`. Decimal units, as `ls -h --si`, curl and browsers show them.
 */
const UNITS = ['kB', 'MB', 'GB', 'TB'];

export function byteSize(n: number): string {
	if (n < 1000) return `${n} B`;
	let value = n;
	let unit = -1;
	while (value >= 1000 && unit < UNITS.length - 1) {
		value /= 1000;
		unit++;
	}
	return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}

export function elapsed(ms: number): string {
	return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** `1.2 MB in 0.8 s` */
export function transferText(bytes: number, ms: number): string {
	return `${byteSize(bytes)} in ${elapsed(ms)}`;
}
