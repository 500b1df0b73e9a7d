import type {Route} from '../navigation.js';

export type ViewProps = {
	/** the place on the navigation stack this view shows (its list, details, activity, …) */
	route: Route;
	/** columns available to the view */
	width: number;
	/** rows available to the view */
	height: number;
	/** false while an overlay (help) holds the keys */
	active: boolean;
};
