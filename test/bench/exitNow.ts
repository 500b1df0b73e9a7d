/**
 * OHTUI_EXIT_AFTER_FIRST_FRAME=1 for the start-up bench's minimal Ink app, as source/cli.tsx has it
 * for the app: process.reallyExit taken before Ink loads (its signal-exit wraps it to unmount), so
 * ending there runs no exit handler.
 */
export const exitAfterFirstFrame =
	process.env['OHTUI_EXIT_AFTER_FIRST_FRAME'] === '1' ? (process as unknown as {reallyExit: (code: number) => never}).reallyExit.bind(process) : undefined;
