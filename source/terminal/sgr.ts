/**
 * The colours the plain-text commands write (issue 28: `ohtui diff` to a terminal, as `git diff`
 * colours it): SGR sequences, here with every other escape sequence ohtui writes. Only to a
 * terminal, never with NO_COLOR (no-color.org) or TERM=dumb.
 */
const CODES = {bold: '1', red: '31', green: '32', cyan: '36', yellow: '33'} as const;
export type Sgr = keyof typeof CODES;

export function sgr(text: string, style: Sgr): string {
	return text === '' ? text : `\x1b[${CODES[style]}m${text}\x1b[m`;
}

/** Whether a command's stdout gets colours: `always`, `never`, or `auto` (a terminal that wants them). */
export function coloursWanted(when: 'auto' | 'always' | 'never', stdout: {isTTY?: boolean}, env: Readonly<Record<string, string | undefined>>): boolean {
	if (when !== 'auto') return when === 'always';
	if (!stdout.isTTY) return false;
	if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
	return env['TERM'] !== 'dumb' && env['TERM'] !== undefined && env['TERM'] !== '';
}
