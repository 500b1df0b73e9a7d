/**
 * After a resize, clear the screen and draw the frame again in full.
 *
 * Ink redraws incrementally relative to where it thinks its last frame is, and on resize it first
 * draws with the old layout (the app re-renders for the new size only afterwards). The terminal
 * has meanwhile cut or wrapped the old lines (tmux keeps old rows of the alternate screen), so
 * stale lines stay on screen: a table row where the tab bar should be. Still so in Ink 8.0, which
 * clears on resize only when the terminal got narrower: in tmux, 120x40 → 120x15 → 50x40 →
 * 120x40 without this left the footer as wrapped at 50 columns on rows 13-14. ohtui's frame
 * always starts at the top-left of the alternate screen, so once the app has committed its frame
 * for the new size, `write` (Ink's useStdout().write: it clears its frame, writes, then redraws
 * the last frame in full) with "clear screen, cursor home" leaves exactly the new frame.
 */
import {useEffect, useRef} from 'react';
import {useStdout} from 'ink';
import type {Size} from './useTerminalSize.js';

const CLEAR_AND_HOME = '\u001B[2J\u001B[H';

export function useRedrawOnResize({columns, rows}: Size, enabled: boolean): void {
	const {write} = useStdout();
	const last = useRef({columns, rows});
	useEffect(() => {
		if (last.current.columns === columns && last.current.rows === rows) return;
		last.current = {columns, rows};
		if (enabled) write(CLEAR_AND_HOME);
	}, [columns, rows, enabled, write]);
}
