export function specifiers(source: string): string[];
export function walkBundle(entry: string, read?: (path: string) => string): {files: string[]; missing: string[]; bare: string[]};
export function jsFilesUnder(directory: string): string[];
export function staticClosure(entry: string, read?: (path: string) => string): string[];
