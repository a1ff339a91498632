/**
 * The words and defaults of acceptance that the window shows, without the zod schemas of
 * `acceptance.ts`: the renderer imports these as values, and the renderer bundle carries no zod (it
 * decodes monitor diffs with plain loops; tests/unit/build/renderer-build.test.ts holds it to that).
 */

/** The defaults: 30 minutes, 95 % of nominal, 85 °C, 2 % rejected. */
export const ACCEPTANCE_DEFAULTS = {
  minutes: 30,
  minHashratePercent: 95,
  maxChipTempC: 85,
  maxRejectedPercent: 2,
} as const;

export const VERDICTS = ['pass', 'fail'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** "Accepted" / "Failed": the badge words of the fleet and the device panel. */
export const verdictWords = (verdict: Verdict): string => (verdict === 'pass' ? 'Accepted' : 'Failed');

/** A verdict's one line for lists: its first reason, and how many more ("… (+2 more)"). */
export function oneLineReason(verdict: { verdict: Verdict; reasons: readonly string[] }): string {
  const [first, ...more] = verdict.reasons;
  if (verdict.verdict === 'pass' || first === undefined) return 'accepted';
  return more.length === 0 ? first : `${first} (+${more.length} more)`;
}
