/**
 * Test files that run in a fresh module graph of their own (vitest.config.ts): they mock a module
 * (vi.mock) or set what a module reads once when first imported (FORCE_COLOR for chalk). Every other
 * file shares its worker's modules with the files before it; test/isolation.test.ts keeps this
 * list complete.
 */
export const ISOLATED = ['test/ui/noColor.test.tsx', 'test/present/masking.test.ts', 'test/ui/sessionKeys.test.tsx', 'test/ui/listKeyWork.test.tsx'] as const;
