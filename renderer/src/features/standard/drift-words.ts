/**
 * The site standard in words a technician reads at arm's length, pure so the fleet cell, the filter, the
 * footer and the Commission preview say the same thing: a device at the standard is a ✓; one that differs
 * says what differs ("factory password", "pools differ"), the whole list on hover; counts read "182 at
 * the standard · 18 differ"; the preview groups devices by the steps they need ("150 devices: replace the
 * factory password, set pools"). Only types come from shared/domain/standard.ts (its zod stays in main).
 */
import { PENDING_ACCEPTANCE_WORDS } from '../../../../shared/domain/acceptance-words';
import type {
  CommissionPlan,
  DeviceDrift,
  DriftSummary,
  StandardView,
} from '../../../../shared/domain/standard';
import type { PowerChoice } from '../../../../shared/domain/power-plan';
import { count } from '../../lib/format';

/** How the Standard cell looks: its tone and its two short lines, and the full list for the title. */
export interface DriftCell {
  /** `warn`: only an acceptance that is pending (tuning, judge again later) differs: not a failure. */
  tone: 'good' | 'bad' | 'idle' | 'warn';
  main: string;
  sub?: string;
  title: string;
}

/** Differs only by a pending acceptance: nothing failed, a later run judges it. */
export const onlyPendingAcceptance = (drift: DeviceDrift | undefined): boolean =>
  drift?.status === 'differs' &&
  drift.words.length > 0 &&
  drift.words.every((w) => w === PENDING_ACCEPTANCE_WORDS);

const pendingCounts = new WeakMap<Record<string, DeviceDrift>, number>();

/**
 * How many devices differ only by a pending acceptance; made once per drift record (the footer's selector
 * runs on every store change, the record changes only with drift).
 */
export function pendingAcceptanceCount(drift: Record<string, DeviceDrift>): number {
  let n = pendingCounts.get(drift);
  if (n === undefined) {
    n = 0;
    for (const id in drift) if (onlyPendingAcceptance(drift[id])) n += 1;
    pendingCounts.set(drift, n);
  }
  return n;
}

const NO_STANDARD_TITLE = 'This site has no standard yet: Commission… sets it up first';

/** What the fleet's Standard column shows for a device (undefined: not known yet). */
export function driftCell(drift: DeviceDrift | undefined): DriftCell {
  if (drift === undefined) return { tone: 'idle', main: '–', title: 'Not compared with the standard yet' };
  switch (drift.status) {
    case 'at-standard':
      return { tone: 'good', main: '✓', title: 'At the standard: every part of it is as the site asks' };
    case 'no-standard':
      return { tone: 'idle', main: '–', title: NO_STANDARD_TITLE };
    case 'not-checked':
    case 'differs': {
      if (onlyPendingAcceptance(drift)) {
        return {
          tone: 'warn',
          main: PENDING_ACCEPTANCE_WORDS,
          title:
            'Acceptance pending: it was still tuning at the settle limit, not judged yet (not a failure); judge it again later',
        };
      }
      const [first = drift.status === 'differs' ? 'differs' : 'not checked', ...rest] = drift.words;
      return {
        tone: drift.status === 'differs' ? 'bad' : 'idle',
        main: first,
        ...(rest.length > 0 ? { sub: rest.join(', ') } : {}),
        title: `${drift.status === 'differs' ? 'Differs from the standard' : 'Not checked'}: ${
          drift.words.length > 0 ? drift.words.join('; ') : first
        }`,
      };
    }
  }
}

/** The filter "Differs from the standard": the devices Commission would still do something to. */
export const differsFromStandard = (drift: DeviceDrift | undefined): boolean => drift?.status === 'differs';

/**
 * The footer's counts: "182 at the standard · 1 differs · 17 pending acceptance · 3 not checked" (pending
 * and not-checked only when some are; `pending` of the differing devices differ only by a pending
 * acceptance, counted apart: they failed nothing); `compact` says "182 ✓" for a narrow window. Nothing
 * without a standard.
 */
export function driftCountsText(
  summary: DriftSummary | null,
  hasStandard: boolean,
  compact = false,
  pending = 0,
): string | undefined {
  if (summary === null || !hasStandard || summary.total === 0) return undefined;
  const differ = Math.max(0, summary.differ - pending);
  const parts = [
    `${summary.atStandard.toLocaleString('en-US')} ${compact ? '✓' : 'at the standard'}`,
    `${differ.toLocaleString('en-US')} ${differ === 1 ? 'differs' : 'differ'}`,
  ];
  if (pending > 0)
    parts.push(`${pending.toLocaleString('en-US')} ${compact ? 'pending' : 'pending acceptance'}`);
  if (summary.notChecked > 0) parts.push(`${summary.notChecked.toLocaleString('en-US')} not checked`);
  return parts.join(' · ');
}

/** The report view's line: "200 of 200 devices at the standard" (and how many differ or were not checked). */
export function reportStandardText(summary: DriftSummary | null, hasStandard: boolean): string {
  if (!hasStandard) return 'This site has no standard yet (Sites → Standard…, or Commission…).';
  if (summary === null) return 'Comparing the devices with the standard…';
  const rest = [
    ...(summary.differ > 0
      ? [`${summary.differ.toLocaleString('en-US')} ${summary.differ === 1 ? 'differs' : 'differ'}`]
      : []),
    ...(summary.notChecked > 0 ? [`${summary.notChecked.toLocaleString('en-US')} not checked`] : []),
  ];
  return `${summary.atStandard.toLocaleString('en-US')} of ${count(summary.total, 'device')} at the standard${
    rest.length > 0 ? `; ${rest.join(', ')}` : ''
  }.`;
}

/** One line of the Commission preview per group of devices that get the same steps. */
export function planGroupLines(
  plan: CommissionPlan,
): { key: string; text: string; tone: 'send' | 'none' | 'skip' }[] {
  return plan.groups.map((group) => {
    const devices = count(group.count, 'device');
    if (group.steps.length > 0) {
      return {
        key: `send ${group.steps.join(',')}`,
        text: `${devices}: ${group.steps.join(', ')}`,
        tone: 'send',
      };
    }
    const skipped = group.detail !== '' && group.detail !== 'no change';
    return {
      key: `${skipped ? 'skip' : 'none'} ${group.detail}`,
      text: skipped ? `${devices} skipped: ${group.detail}` : `${devices}: no change`,
      tone: skipped ? 'skip' : 'none',
    };
  });
}

/** The devices of a plan that get at least one step. */
export const devicesToCommission = (plan: CommissionPlan): number =>
  plan.entries.filter((e) => e.steps.length > 0 && e.skip === undefined).length;

const powerWords = (power: PowerChoice): string =>
  power.kind === 'preset'
    ? `power preset ${power.name}`
    : power.kind === 'max-watts'
      ? `highest preset under ${power.watts.toLocaleString('en-US')} W`
      : `site budget ${power.kw.toLocaleString('en-US')} kW`;

/** The standard in one list of short parts: "site password", "2 pools (acct.{mac6})", "power preset 3200". */
export function standardParts(standard: NonNullable<StandardView['standard']>): string[] {
  const parts: string[] = [];
  if (standard.password.required) {
    parts.push(standard.password.stored ? 'site password' : 'site password (not in this keychain)');
  }
  if (standard.pools !== undefined && standard.pools.length > 0) {
    const first = standard.pools[0];
    parts.push(
      `${count(standard.pools.length, 'pool')}${first !== undefined ? ` (${first.url}, worker ${first.worker})` : ''}`,
    );
  }
  if (standard.firmware !== undefined) parts.push(`firmware ${standard.firmware.version}`);
  if (standard.power !== undefined) parts.push(powerWords(standard.power));
  if (standard.acceptance !== undefined) parts.push(`acceptance (${standard.acceptance.minutes} min)`);
  return parts;
}
