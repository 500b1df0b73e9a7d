import {expect} from 'vitest';
import {ApiError} from '../../source/api/errors.js';

/** The ApiError a call rejects with; fails the test if the call resolves or throws anything else. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(ApiError);
		return error as ApiError;
	}
	throw new Error('expected the call to fail');
}
