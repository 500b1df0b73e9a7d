import {getHeapSpaceStatistics} from 'node:v8';
import {describe, expect, it} from 'vitest';
import {tuneHeap} from '../../source/runtime/memory.js';

const newSpace = () => getHeapSpaceStatistics().find(space => space.space_name === 'new_space')!.space_size;

describe('tuneHeap', () => {
	it('leaves V8 versions it was not checked against alone (V8 would print "unrecognized flag")', () => {
		expect(tuneHeap('10.2.154.26-node.26')).toBe(false);
		expect(tuneHeap('14.0.1')).toBe(false);
		expect(tuneHeap('garbage')).toBe(false);
	});

	it('keeps the young generation from growing on this Node', () => {
		expect(tuneHeap()).toBe(true);
		const before = newSpace();
		// Garbage with survivors: what makes V8 grow the young generation otherwise.
		let keep: object[] = [];
		for (let i = 0; i < 2_000_000; i++) {
			keep.push({i, s: `x${i}`});
			if (keep.length > 50_000) keep = [];
		}
		expect(newSpace()).toBeLessThanOrEqual(Math.max(before, 4 * 1024 * 1024));
	});
});
