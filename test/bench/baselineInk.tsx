/**
 * The start-up bench's floor: the smallest Ink program that draws the same four words the bench
 * waits for, one Box and one Text, bundled like the app (scripts/build.mjs's bundleOptions:
 * production mode, the same patches) into a temporary folder for each run. Quits on q.
 */
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
// as the app does under it (boot/runApp.ts): the first frame is written, for instruction counts
if (process.env['OHTUI_EXIT_AFTER_FIRST_FRAME'] === '1') (process as unknown as {reallyExit(code: number): never}).reallyExit(0);
