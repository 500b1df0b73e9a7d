export const aside: string;
export const DEVELOPMENT_ONLY: string[];
export function shippedManifest(text: string): string;
export function restore(): void;
export function strip(): void;
