// Ink 6.8.0's incremental renderer moves the cursor up one line too few when the previous frame
// ended with a newline (the cursor then sits on the line below the frame), so after a one-row
// change every line lands one row low and the top line is left behind. Fixed upstream in Ink 7
// (vadimdemedes/ink PR #910); carried here at bundle time until ohtui moves to Ink 7.
import {readFileSync} from 'node:fs';

export const needle = 'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));';
export const replacement =
	"buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\\n') ? 0 : 1)));";

/** Throws when the line is not there exactly once: an Ink upgrade must be noticed, not shipped
 * with the bug (or with the fix applied twice). */
export function patchLogUpdate(source, file = 'ink/build/log-update.js') {
	const count = source.split(needle).length - 1;
	if (count !== 1) {
		throw new Error(
			`${file}: expected exactly one "${needle}" (found ${count}); the Ink 6.8.0 incremental-render ` +
				'fix no longer applies: check the Ink version and update or remove scripts/inkFix.mjs',
		);
	}

	return source.replace(needle, replacement);
}

/** esbuild plugin: patches ink/build/log-update.js; fails the build if it never saw the file. */
export const inkCursorUpFix = {
	name: 'ink-incremental-cursor-up-fix',
	setup(build) {
		let patched = false;
		build.onStart(() => {
			patched = false;
		});
		build.onLoad({filter: /[\\/]ink[\\/]build[\\/]log-update\.js$/}, args => {
			const contents = patchLogUpdate(readFileSync(args.path, 'utf8'), args.path);
			patched = true;
			return {contents, loader: 'js'};
		});
		build.onEnd(result => {
			if (result.errors.length === 0 && !patched) {
				return {errors: [{text: 'ink/build/log-update.js was never loaded: the incremental-render fix was not applied'}]};
			}

			return undefined;
		});
	},
};
