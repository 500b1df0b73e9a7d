// The entry (cli.tsx) is bundled on its own, with its own copy of config/errors.ts; the UsageErrors
// of the app's chunks (resolveConfig's) are told by a mark every copy shares, not by the class.
import {describe, expect, it} from 'vitest';
import {isUsageError, UsageError} from '../../source/config/errors.js';

describe('isUsageError', () => {
	it('tells a UsageError made by another copy of the module (another bundle) from other errors', async () => {
		// a second instance of the module: the query makes it another module, with its own class
		// @ts-expect-error -- TypeScript knows no module by a name with a query; vitest loads it afresh
		const other = (await import('../../source/config/errors.js?another-bundle')) as typeof import('../../source/config/errors.js');
		expect(other.UsageError).not.toBe(UsageError);
		const foreign = new other.UsageError('config /c: bad');
		expect(foreign instanceof UsageError).toBe(false);
		expect(isUsageError(foreign)).toBe(true);
		expect(other.isUsageError(new UsageError('x'))).toBe(true);
	});

	it('is false for other errors, one named UsageError too, and for values that are not errors', () => {
		const named = Object.assign(new Error('x'), {name: 'UsageError', exitCode: 2});
		for (const value of [new Error('x'), named, {exitCode: 2}, 'UsageError', null, undefined]) expect(isUsageError(value)).toBe(false);
		expect(isUsageError(new UsageError('x'))).toBe(true);
	});
});
