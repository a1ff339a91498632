/**
 * The limits of a power-profile choice, zod-free so the window's form checks the same numbers as main
 * (the schemas in power-plan.ts use them too).
 */

/** Watts a device's preset may be limited to: more than any device's feed carries is a typo. */
export const MAX_DEVICE_WATTS = 20_000;
/** A site budget beyond this (a gigawatt) is a typo, not a site. */
export const MAX_SITE_KW = 1_000_000;
