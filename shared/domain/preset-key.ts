/**
 * The one way a typed preset name is matched against a device's list (core's `pickByName` matches the
 * same). Without zod, unlike `preset-offers.ts`: the renderer imports it as a value, and the renderer
 * bundle carries no zod (tests/unit/build/renderer-build.test.ts).
 */
export const presetKey = (name: string): string => name.trim().toLowerCase();
