/**
 * The words and defaults of acceptance that the window shows, without the zod schemas of
 * `acceptance.ts`: the renderer imports these as values, and the renderer bundle carries no zod (it
 * decodes monitor diffs with plain loops; tests/unit/build/renderer-build.test.ts holds it to that).
 */

/**
 * The defaults: 30 minutes, 95 % of nominal, 85 °C, 2 % rejected; a device gets up to 15 minutes to
 * settle (mining again, its hash rate up) before its window opens (issue 32).
 */
export const ACCEPTANCE_DEFAULTS = {
  minutes: 30,
  minHashratePercent: 95,
  maxChipTempC: 85,
  maxRejectedPercent: 2,
  settleMinutes: 15,
} as const;

/** 0 judges from the first reading; more than a working day is a typo. */
export const SETTLE_MINUTES_RANGE = { min: 0, max: 24 * 60 } as const;

/**
 * `pending`: the device had not settled within the settle limit (still restarting or tuning) and nothing
 * that cannot wait failed it: not judged yet, a later run judges it. Never counted as a failure.
 */
export const VERDICTS = ['pass', 'fail', 'pending'] as const;
export type Verdict = (typeof VERDICTS)[number];

const VERDICT_WORDS: Record<Verdict, string> = { pass: 'Accepted', fail: 'Failed', pending: 'Pending' };
/**
 * The Standard column's word for a device whose latest verdict is pending (core's drift says it, the window
 * shows it amber): one text for both sides.
 */
export const PENDING_ACCEPTANCE_WORDS = 'tuning, judge again later';

/**
 * How a pending acceptance step's words begin ("pending: still tuning after 15 min (auto-tuning since
 * 14:05): not judged yet; judge again later"): not a failure, an answer not in yet. Core writes it; the
 * CLI's exit code 3 and the window's Commission counts read it.
 */
export const ACCEPTANCE_PENDING_WORDS = 'pending: ';

/** "Accepted" / "Failed" / "Pending": the badge words of the fleet and the device panel. */
export const verdictWords = (verdict: Verdict): string => VERDICT_WORDS[verdict];

/** A verdict's one line for lists: its first reason, and how many more ("… (+2 more)"). */
export function oneLineReason(verdict: { verdict: Verdict; reasons: readonly string[] }): string {
  const [first, ...more] = verdict.reasons;
  if (verdict.verdict === 'pass' || first === undefined) return 'accepted';
  return more.length === 0 ? first : `${first} (+${more.length} more)`;
}
