import React, {type ReactNode} from 'react';

type Props = {
	children: ReactNode;
	/** the entry's fatal path: restore the terminal, print one line, exit 1 */
	onFatal: (error: unknown) => void;
};

type State = {failed: boolean};

/**
 * An error thrown while rendering would otherwise make Ink draw its own error overview (a stack
 * trace with source excerpts) on the alternate screen; route it to the one fatal exit instead.
 */
export class FatalBoundary extends React.Component<Props, State> {
	override state: State = {failed: false};

	static getDerivedStateFromError(): State {
		return {failed: true};
	}

	override componentDidCatch(error: unknown): void {
		// Out of React's commit phase first: the fatal path unmounts the Ink root, which React
		// refuses to do synchronously from inside a commit.
		setImmediate(() => {
			this.props.onFatal(error);
		});
	}

	override render(): ReactNode {
		return this.state.failed ? null : this.props.children;
	}
}
