/**
 * The parts of a site standard, in the order a standard is shown and compared (standard.ts says what each
 * one means). Zod-free, so the window's report preview can list them without the schemas.
 */
export const STANDARD_PARTS = [
  'password',
  'firmware',
  'pools',
  'workers',
  'power',
  'restart',
  'acceptance',
] as const;
export type StandardPart = (typeof STANDARD_PARTS)[number];
