export type ViewProps = {
	/** columns available to the view */
	width: number;
	/** rows available to the view */
	height: number;
	/** false while an overlay (help) holds the keys */
	active: boolean;
};
