/**
 * Columns and rows of the terminal, re-read on resize. `override` is for tests: ink-testing-library
 * reports 100 columns and no rows at all. Not Ink 8's useWindowSize: where a size is missing it asks
 * the terminal-size package, which may spawn `tput` (a test's stand-in stdout has no rows), and it
 * renders again on every resize event, even one that changed nothing.
 */
import {useEffect, useState} from 'react';
import {useStdout} from 'ink';

export type Size = {columns: number; rows: number};

const FALLBACK: Size = {columns: 80, rows: 24};

export function useTerminalSize(override?: Size): Size {
	// Ink 8 types stdout as a plain writable stream; it is the terminal's WriteStream (or a test's stand-in)
	const stdout = useStdout().stdout as NodeJS.WriteStream;
	const read = (): Size => ({
		columns: stdout.columns || FALLBACK.columns,
		rows: stdout.rows || FALLBACK.rows,
	});
	const [size, setSize] = useState<Size>(read);
	useEffect(() => {
		if (override) return;
		const onResize = () => {
			const next = read();
			setSize(prev => (prev.columns === next.columns && prev.rows === next.rows ? prev : next));
		};
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [stdout, override]);
	return override ?? size;
}
