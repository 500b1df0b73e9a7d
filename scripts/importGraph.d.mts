export function importGraph(root: string, dir?: string): {files: string[]; edges: Map<string, string[]>; unresolved: string[]};
export function circles(edges: ReadonlyMap<string, readonly string[]>): string[][];
export const forbidden: ReadonlyArray<readonly [string, string]>;
export function crossings(edges: ReadonlyMap<string, readonly string[]>): string[];
