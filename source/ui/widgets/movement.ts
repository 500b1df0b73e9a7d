/**
 * Where the keymap's movement commands take a cursor or a scroll offset: a step, a page, either
 * end, kept within 0..last. One rule for the pager, the field list, the picker, the choice list and
 * the changes view, which each kept the same switch. (Tables move through their reducer:
 * ./useTableState.ts.)
 */
import type {Command} from '../../keymap/keymap.js';

/**
 * The new position for a movement command, or null for any other command (the caller's own keys).
 * `page`: rows a page moves; null where paging is not offered (page keys are then not taken).
 */
export function movedTo(command: Command | undefined, at: number, last: number, page: number | null): number | null {
	const end = Math.max(0, last);
	const within = (n: number) => Math.min(Math.max(0, n), end);
	switch (command) {
		case 'move.down':
			return within(at + 1);
		case 'move.up':
			return within(at - 1);
		case 'move.first':
			return 0;
		case 'move.last':
			return end;
		case 'page.down':
			return page === null ? null : within(at + page);
		case 'page.up':
			return page === null ? null : within(at - page);
		default:
			return null;
	}
}
