// undici's internal modules (source/api/transport/undiciParts.ts) have no types of their own: the values are
// cast there to the index's published types.
declare module 'undici/lib/*' {
	const value: unknown;
	export default value;
}
