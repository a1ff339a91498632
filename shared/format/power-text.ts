/**
 * Power profiles in words, the same in the CLI, the app and the activity log: the choice ("a site budget
 * of 600 kW spread for the most hash rate"), a preset's numbers ("3070 W, 206 TH/s"), the plan's totals.
 * Zod-free (types only), so the window can use it without shipping the schemas.
 */
import type { PowerChoice, PowerTotals } from '../domain/power-plan';

/** TH/s shown with at most one decimal ("180", "9.5"). */
export function roundThs(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** "--site-kw 600": the choice as the technician gave it, for the plan's title and the activity log. */
export function choiceText(choice: PowerChoice): string {
  switch (choice.kind) {
    case 'preset':
      return `preset ${choice.name}`;
    case 'max-watts':
      return `the highest preset up to ${choice.watts} W per device`;
    case 'site-kw':
      return `a site budget of ${choice.kw} kW spread for the most hash rate`;
  }
}

/** "3070 W" / "612.4 kW": watts as a person reads a device's or a site's power. */
export function wattsText(watts: number): string {
  return watts >= 10_000
    ? `${(Math.round(watts / 100) / 10).toLocaleString('en-US')} kW`
    : `${Math.round(watts)} W`;
}

/**
 * "196 devices: 598.7 kW of 600 kW, 40,112 TH/s expected; 4 skipped" — the plan's total line, the same in
 * the CLI and the app.
 */
export function totalsText(totals: PowerTotals): string {
  const budget = totals.budgetW === undefined ? '' : ` of ${wattsText(totals.budgetW)}`;
  const rate = Math.round(totals.hashRateThs * 10) / 10;
  const parts = [
    `${totals.devices} device${totals.devices === 1 ? '' : 's'}: ${wattsText(totals.watts)}${budget}, ${rate.toLocaleString('en-US')} TH/s expected`,
  ];
  if (totals.unknownWatts > 0)
    parts.push(`${totals.unknownWatts} with a preset of unknown power (not counted)`);
  if (totals.skipped > 0) parts.push(`${totals.skipped} skipped (their power is not counted)`);
  return parts.join('; ');
}

/**
 * "Many devices: the spread is within 0.004 % of the best possible (at most 12.5 TH/s more)." — said when
 * the budget was spread near-optimally rather than proven optimal (budget-spread.ts); undefined otherwise.
 */
export function spreadNote(totals: PowerTotals): string | undefined {
  if (totals.bestHashRateThs === undefined || totals.bestHashRateThs <= 0) return undefined;
  const short = Math.max(0, totals.bestHashRateThs - totals.hashRateThs);
  const percent = (short / totals.bestHashRateThs) * 100;
  const percentText = percent < 0.001 ? 'under 0.001' : String(Number(percent.toPrecision(2)));
  return `Many devices: the spread is within ${percentText} % of the best possible (at most ${roundThs(short)} TH/s more).`;
}

/** "3070 W, 206 TH/s": a chosen preset's numbers for a plan line. */
export function presetNumbersText(preset: { watts?: number; hashRateThs?: number }): string {
  const parts: string[] = [];
  if (preset.watts !== undefined) parts.push(`${preset.watts} W`);
  if (preset.hashRateThs !== undefined) parts.push(`${roundThs(preset.hashRateThs)} TH/s`);
  return parts.length > 0 ? parts.join(', ') : 'power not stated';
}
