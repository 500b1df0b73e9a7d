// One frame per turn of the event loop (issue 29 item 2). Ink 8 draws a frame at every React commit
// (build/ink.js: the reconciler's resetAfterCommit calls rootNode.onRender), through a 30 fps
// throttle whose leading edge draws at once. A key press often commits twice: the key's own state,
// then what its effects report (the footer's keys for the selected row, `useHintScopes`), a few
// hundred microseconds later. The first commit was drawn at once and the second waited for the
// throttle's trailing edge, 34 ms later: the frame a user waits for ended 34-60 ms after the key on
// Conversations (two frames, the second only the footer) where Sandboxes, whose footer rarely
// changes, drew one. Here the leading draw waits for the end of the turn (setImmediate: after
// React's scheduler has run the passive effects, queued before it in the same commit, and the
// commit they cause), so every commit of one turn is one frame: the throttle is unchanged for
// renders that come in later turns. Settling (unmount, suspend) flushes or cancels a waiting draw
// as it does a throttled one. The first frame is still drawn at once, inside render(): the app's
// start goes on after it (the code cache, the polling, the demo's servers, the heap's settling:
// boot/runApp.ts), and deferred it came after all of that, 60 ms later on Node 20.
// Bundle-time only; the needle must be found exactly once, so an Ink upgrade fails the build
// instead of shipping a half-applied patch.
import {readFileSync} from 'node:fs';

export const patch = {
	name: 'oneFramePerTurn',
	file: 'ink/build/ink.js',
	retiredBy: 'an Ink release that batches the renders of one turn (vadimdemedes/ink, build/ink.js, 8.0.0: `this.rootNode.onRender = () => { …; throttled(); }`)',
	replacements: [
		[
			`            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                throttled();
            };
            this.throttledOnRender = throttled;`,
			`            let turn = null;
            let drawn = false;
            const endOfTurn = () => {
                turn = null;
                throttled();
            };
            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                if (!drawn) {
                    drawn = true;
                    throttled();
                    return;
                }
                turn ??= setImmediate(endOfTurn);
            };
            this.throttledOnRender = {
                flush() {
                    if (turn !== null) {
                        clearImmediate(turn);
                        endOfTurn();
                    }
                    throttled.flush();
                },
                cancel() {
                    if (turn !== null) {
                        clearImmediate(turn);
                        turn = null;
                    }
                    throttled.cancel();
                },
            };`,
		],
	],
};

const suffixOf = file => file.replaceAll('\\', '/');

/** Applies the patch to Ink's build/ink.js; throws unless the needle is there exactly once. */
export function patchInk(source, file) {
	let out = source;
	for (const [needle, replacement] of patch.replacements) {
		const count = out.split(needle).length - 1;
		if (count !== 1) {
			throw new Error(
				`${file}: patch ${patch.name}: expected exactly one ${JSON.stringify(needle.trim().split('\n')[0])} (found ${count}); the Ink 8.0.0 ` +
					'render patch no longer applies: check the Ink version and update or remove scripts/inkFrameFix.mjs',
			);
		}
		out = out.replace(needle, () => replacement);
	}
	return out;
}

/** esbuild plugin applying the patch; fails the build if Ink's ink.js never loaded. */
export function inkFrameFix() {
	return {
		name: 'ink-one-frame-per-turn',
		setup(build) {
			let seen = false;
			build.onStart(() => {
				seen = false;
			});
			build.onLoad({filter: /[\\/]ink[\\/]build[\\/]ink\.js$/}, args => {
				if (!suffixOf(args.path).endsWith(patch.file)) return undefined;
				seen = true;
				return {contents: patchInk(readFileSync(args.path, 'utf8'), args.path), loader: 'js'};
			});
			build.onEnd(result => {
				if (result.errors.length === 0 && !seen) return {errors: [{text: `${patch.name}: Ink's build/ink.js never loaded; the render patch was not applied`}]};
				return undefined;
			});
		},
	};
}
