/**
 * The start-up bench's floor: the smallest Ink program that draws the same four words the bench
 * waits for, one Box and one Text, bundled like the app (scripts/build.mjs's bundleOptions:
 * production mode, the same patches) into a temporary folder for each run. Quits on q.
 */
// first: it takes process.reallyExit before Ink's signal-exit wraps it
import {exitAfterFirstFrame} from './exitNow.js';
import {Box, render, Text, useApp, useInput} from 'ink';

function Baseline() {
	const {exit} = useApp();
	useInput(input => {
		if (input === 'q') exit();
	});
	return (
		<Box>
			<Text>Settings Conversations Sandboxes Specs</Text>
		</Box>
	);
}

render(<Baseline />);
// as the app does under OHTUI_EXIT_AFTER_FIRST_FRAME=1 (source/cli.tsx): the first frame is written
exitAfterFirstFrame?.(0);
