/**
 * A notification that stands for several (a storm folded into one: ui/notifyLimiter.ts, and the
 * notify command's runs folded while others run: terminal/notifyCommand.ts) says how many:
 * `Fix the tests finished (+7 more)`.
 */
export function foldedLine(line: string, total: number): string {
	return total > 1 ? `${line} (+${total - 1} more)` : line;
}
