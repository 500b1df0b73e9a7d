import {describe, expect, it} from 'vitest';
import {movedTo} from '../../source/ui/widgets/movement.js';

describe('movedTo', () => {
	it('a step, a page, either end, kept within 0..last', () => {
		expect(movedTo('move.down', 3, 9, 4)).toBe(4);
		expect(movedTo('move.down', 9, 9, 4)).toBe(9);
		expect(movedTo('move.up', 0, 9, 4)).toBe(0);
		expect(movedTo('move.first', 7, 9, 4)).toBe(0);
		expect(movedTo('move.last', 2, 9, 4)).toBe(9);
		expect(movedTo('page.down', 7, 9, 4)).toBe(9);
		expect(movedTo('page.up', 2, 9, 4)).toBe(0);
		expect(movedTo('page.down', 2, 9, 4)).toBe(6);
	});

	it('nothing to move over: always 0, never -1', () => {
		for (const command of ['move.down', 'move.up', 'move.first', 'move.last', 'page.down', 'page.up'] as const) expect(movedTo(command, 0, -1, 4)).toBe(0);
	});

	it('other commands, and page keys where paging is not offered, are left to the caller', () => {
		expect(movedTo('open', 3, 9, 4)).toBeNull();
		expect(movedTo(undefined, 3, 9, 4)).toBeNull();
		expect(movedTo('page.down', 3, 9, null)).toBeNull();
		expect(movedTo('page.up', 3, 9, null)).toBeNull();
	});
});
