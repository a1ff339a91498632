/**
 * What the field benchmark reads off a Commission's JSON Lines (one line a device, its steps with their
 * field start and end): devices per outcome and acceptance verdict, and per step the span from the first
 * device starting it to the last one ending it (steps overlap: the run is a per-device pipeline).
 */

/**
 * The app's actions for the same job, in the words the Chromium variant counts them
 * (tests/e2e/field-job.test.ts, on the field clock at 45 devices; tests/e2e/harness/user-actions.ts: a
 * click, a menu choice or a key is one action, typing into a field one per field), with the site's
 * standard — password, firmware image, pools, budget, acceptance — made beforehand (at the office). That
 * test checks its counted log equals `appActionsFor(its size)`, so the count the bench prints is measured.
 */
export const APP_ACTIONS = [
  'type the range',
  'click Scan',
  'click Add N devices to the fleet',
  'click Go to the fleet',
  'click select all',
  'click Commission…',
  'click Bring N devices to the standard',
  'click Close',
  'click Report',
  'click Save HTML… (the report)',
] as const;

/** `APP_ACTIONS` for a hall of `devices` (the buttons name the count). */
export const appActionsFor = (devices: number): string[] =>
  APP_ACTIONS.map((a) => a.replace(/\bN\b/, String(devices)));

/**
 * Setting the standard up on site instead, inside Commission…: the fields the workflow test counts, plus
 * the firmware image and the site budget this job adds.
 */
export const ON_SITE_STANDARD_ACTIONS = [
  'site password',
  'site password again',
  'pool 1 URL',
  'pool 1 worker template',
  'pool 2 URL',
  'pool 2 worker template',
  'Choose firmware image…',
  'site budget (kW)',
  'Save and preview',
] as const;

interface Step {
  kind?: string;
  outcome?: string;
  message?: string;
  startedAt?: string;
  endedAt?: string;
}

const stepsOf = (line: Record<string, unknown>): Step[] =>
  Array.isArray(line.steps) ? (line.steps as Step[]) : [];

export function outcomeCounts(lines: readonly Record<string, unknown>[]): Record<string, number> {
  const counts: Record<string, number> = { accepted: 0, 'acceptance failed': 0, 'acceptance pending': 0 };
  for (const line of lines) {
    if (typeof line.outcome !== 'string') continue;
    counts[`outcome ${line.outcome}`] = (counts[`outcome ${line.outcome}`] ?? 0) + 1;
    const acceptance = stepsOf(line).find((s) => s.kind === 'acceptance');
    if (acceptance === undefined) continue;
    if (acceptance.outcome === 'done') counts.accepted! += 1;
    else if (acceptance.message?.startsWith('pending') === true) counts['acceptance pending']! += 1;
    else if (acceptance.outcome === 'failed') counts['acceptance failed']! += 1;
  }
  return counts;
}

export function commissionPhases(
  lines: readonly Record<string, unknown>[],
): { step: string; spanMinutes: number }[] {
  const spans = new Map<string, { from: number; to: number }>();
  for (const line of lines) {
    for (const step of stepsOf(line)) {
      if (step.kind === undefined || step.startedAt === undefined || step.endedAt === undefined) continue;
      const from = Date.parse(step.startedAt);
      const to = Date.parse(step.endedAt);
      const span = spans.get(step.kind);
      spans.set(step.kind, { from: Math.min(span?.from ?? from, from), to: Math.max(span?.to ?? to, to) });
    }
  }
  return [...spans].map(([step, s]) => ({ step, spanMinutes: (s.to - s.from) / 60_000 }));
}

/**
 * Commission's own time around its steps, in field minutes: from the process's start to the first step
 * (reading the devices, the preview, the unlocks) and from the last step's end to the process's exit. At a
 * time scale of N every real second Minerdeck works counts N field seconds, so these say what to speed up.
 */
export function commissionEdges(
  lines: readonly Record<string, unknown>[],
  startedAtMs: number,
  exitedAtMs: number,
): { beforeFirstStep: number; afterLastStep: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const line of lines) {
    for (const step of stepsOf(line)) {
      if (step.startedAt !== undefined) first = Math.min(first, Date.parse(step.startedAt));
      if (step.endedAt !== undefined) last = Math.max(last, Date.parse(step.endedAt));
    }
  }
  if (!Number.isFinite(first) || !Number.isFinite(last)) return { beforeFirstStep: 0, afterLastStep: 0 };
  return { beforeFirstStep: (first - startedAtMs) / 60_000, afterLastStep: (exitedAtMs - last) / 60_000 };
}
