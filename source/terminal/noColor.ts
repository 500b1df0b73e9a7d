/**
 * NO_COLOR (https://no-color.org): Ink colours text through chalk, whose bundled supports-color
 * reads FORCE_COLOR but not NO_COLOR. Imported first by the entry so it runs before chalk
 * decides its colour level; an explicit FORCE_COLOR still wins.
 */
const noColor = process.env['NO_COLOR'];
if (noColor !== undefined && noColor !== '' && process.env['FORCE_COLOR'] === undefined) {
	process.env['FORCE_COLOR'] = '0';
}

export {};
