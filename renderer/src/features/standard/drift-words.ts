/**
 * The site standard in words a technician reads at arm's length, pure so the fleet cell, the filter, the
 * footer and the Commission preview say the same thing: a device at the standard is a ✓; one that differs
 * says what differs ("factory password", "pools differ"), the whole list on hover; counts read "182 at
 * the standard · 18 differ"; the preview groups devices by the steps they need ("150 devices: replace the
 * factory password, set pools"). Only types come from shared/domain/standard.ts (its zod stays in main).
 *
 * Words are MessageRefs (issue 35): each `…Message` function says what to show as a key and its values,
 * and its `…Text` twin renders it with the translator it is given (English when none: the tests and the
 * views not yet translated). The words main made (a part's or a step's) come as main sent them
 * (`madeWords`: its `text` when it sends one).
 */
import { PENDING_ACCEPTANCE_WORDS } from '../../../../shared/domain/acceptance-words';
import type {
  CommissionPlan,
  DeviceDrift,
  DriftSummary,
  StandardView,
} from '../../../../shared/domain/standard';
import type { PowerChoice } from '../../../../shared/domain/power-plan';
import { localText } from '../../../../shared/i18n/local-text';
import type { MessageRef } from '../../../../shared/i18n/message';
import { isMessageRef, message } from '../../../../shared/i18n/message';
import type { Translator } from '../../../../shared/i18n/translate';
import { englishTranslator } from '../../../../shared/i18n/translate';

/** Words main made: its `text` MessageRef when it sends one (issue 35), else the English it always sent. */
export const madeWords = (tr: Translator, words: string, text?: unknown): string =>
  localText(tr, { message: words, ...(isMessageRef(text) ? { text } : {}) });

/** Main's words as a message of their own, so a cell holds MessageRefs only. */
const madeRef = (words: string): MessageRef => message('standard.drift.words', { words });

/** How the Standard cell looks: its tone and its two short lines, and the full list for the title. */
export interface DriftCellMessages {
  /** `warn`: only an acceptance that is pending (tuning, judge again later) differs: not a failure. */
  tone: 'good' | 'bad' | 'idle' | 'warn';
  main: MessageRef;
  sub?: MessageRef;
  title: MessageRef;
}

/** The cell in words of one language. */
export interface DriftCell {
  tone: DriftCellMessages['tone'];
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

const NONE_MAIN = message('standard.drift.none');

/** What the fleet's Standard column shows for a device (undefined: not known yet). */
export function driftCellMessages(drift: DeviceDrift | undefined): DriftCellMessages {
  if (drift === undefined)
    return { tone: 'idle', main: NONE_MAIN, title: message('standard.drift.notCompared') };
  switch (drift.status) {
    case 'at-standard':
      return {
        tone: 'good',
        main: message('standard.drift.tick'),
        title: message('standard.drift.atStandard'),
      };
    case 'no-standard':
      return { tone: 'idle', main: NONE_MAIN, title: message('standard.drift.noStandard') };
    case 'not-checked':
    case 'differs': {
      if (onlyPendingAcceptance(drift)) {
        return {
          tone: 'warn',
          main: message('standard.drift.pending'),
          title: message('standard.drift.pendingTitle'),
        };
      }
      const differs = drift.status === 'differs';
      const [first, ...rest] = drift.words;
      const main =
        first !== undefined
          ? madeRef(first)
          : message(differs ? 'standard.drift.differs' : 'standard.drift.notChecked');
      const all = drift.words.length > 0 ? madeRef(drift.words.join('; ')) : main;
      return {
        tone: differs ? 'bad' : 'idle',
        main,
        ...(rest.length > 0 ? { sub: madeRef(rest.join(', ')) } : {}),
        title: message(differs ? 'standard.drift.differsTitle' : 'standard.drift.notCheckedTitle', {
          words: all,
        }),
      };
    }
  }
}

export function driftCell(drift: DeviceDrift | undefined, tr: Translator = englishTranslator()): DriftCell {
  const cell = driftCellMessages(drift);
  return {
    tone: cell.tone,
    main: tr.t(cell.main),
    ...(cell.sub !== undefined ? { sub: tr.t(cell.sub) } : {}),
    title: tr.t(cell.title),
  };
}

/** The filter "Differs from the standard": the devices Commission would still do something to. */
export const differsFromStandard = (drift: DeviceDrift | undefined): boolean => drift?.status === 'differs';

/**
 * The footer's counts: "182 at the standard · 1 differs · 17 pending acceptance · 3 not checked" (pending
 * and not-checked only when some are; `pending` of the differing devices differ only by a pending
 * acceptance, counted apart: they failed nothing); `compact` says "182 ✓" for a narrow window. Nothing
 * without a standard.
 */
export function driftCountsMessage(
  summary: DriftSummary | null,
  hasStandard: boolean,
  compact = false,
  pending = 0,
): MessageRef | undefined {
  if (summary === null || !hasStandard || summary.total === 0) return undefined;
  return message(compact ? 'standard.drift.countsCompact' : 'standard.drift.counts', {
    atStandard: summary.atStandard,
    differ: Math.max(0, summary.differ - pending),
    pending,
    notChecked: summary.notChecked,
  });
}

export function driftCountsText(
  summary: DriftSummary | null,
  hasStandard: boolean,
  compact = false,
  pending = 0,
  tr: Translator = englishTranslator(),
): string | undefined {
  const ref = driftCountsMessage(summary, hasStandard, compact, pending);
  return ref === undefined ? undefined : tr.t(ref);
}

/** The report view's line: "200 of 200 devices at the standard" (and how many differ or were not checked). */
export function reportStandardMessage(summary: DriftSummary | null, hasStandard: boolean): MessageRef {
  if (!hasStandard) return message('standard.drift.report.noStandard');
  if (summary === null) return message('standard.drift.report.comparing');
  return message('standard.drift.report.line', {
    atStandard: summary.atStandard,
    total: summary.total,
    differ: summary.differ,
    notChecked: summary.notChecked,
    rest:
      summary.differ > 0 && summary.notChecked > 0
        ? 'both'
        : summary.differ > 0
          ? 'differ'
          : summary.notChecked > 0
            ? 'notChecked'
            : 'none',
  });
}

export const reportStandardText = (
  summary: DriftSummary | null,
  hasStandard: boolean,
  tr: Translator = englishTranslator(),
): string => tr.t(reportStandardMessage(summary, hasStandard));

/** One line of the Commission preview per group of devices that get the same steps. */
export function planGroupMessages(
  plan: CommissionPlan,
): { key: string; text: MessageRef; tone: 'send' | 'none' | 'skip' }[] {
  return plan.groups.map((group) => {
    if (group.steps.length > 0) {
      return {
        key: `send ${group.steps.join(',')}`,
        text: message('standard.plan.groupSteps', { count: group.count, steps: group.steps.join(', ') }),
        tone: 'send',
      };
    }
    const skipped = group.detail !== '' && group.detail !== 'no change';
    return {
      key: `${skipped ? 'skip' : 'none'} ${group.detail}`,
      text: skipped
        ? message('standard.plan.groupSkipped', { count: group.count, detail: group.detail })
        : message('standard.plan.groupNone', { count: group.count }),
      tone: skipped ? 'skip' : 'none',
    };
  });
}

export const planGroupLines = (
  plan: CommissionPlan,
  tr: Translator = englishTranslator(),
): { key: string; text: string; tone: 'send' | 'none' | 'skip' }[] =>
  planGroupMessages(plan).map((line) => ({ ...line, text: tr.t(line.text) }));

/** The devices of a plan that get at least one step. */
export const devicesToCommission = (plan: CommissionPlan): number =>
  plan.entries.filter((e) => e.steps.length > 0 && e.skip === undefined).length;

const powerMessage = (power: PowerChoice): MessageRef =>
  power.kind === 'preset'
    ? message('standard.parts.powerPreset', { name: power.name })
    : power.kind === 'max-watts'
      ? message('standard.parts.powerMaxWatts', { watts: power.watts })
      : message('standard.parts.powerSiteKw', { kw: power.kw });

/** The standard in one list of short parts: "site password", "2 pools (acct.{mac6})", "power preset 3200". */
export function standardParts(standard: NonNullable<StandardView['standard']>): MessageRef[] {
  const parts: MessageRef[] = [];
  if (standard.password.required) {
    parts.push(
      message(
        standard.password.stored ? 'standard.parts.sitePassword' : 'standard.parts.sitePasswordNotHere',
      ),
    );
  }
  const first = standard.pools?.[0];
  if (standard.pools !== undefined && first !== undefined) {
    parts.push(
      message('standard.parts.pools', { count: standard.pools.length, url: first.url, worker: first.worker }),
    );
  }
  if (standard.firmware !== undefined)
    parts.push(message('standard.parts.firmware', { version: standard.firmware.version }));
  if (standard.power !== undefined) parts.push(powerMessage(standard.power));
  if (standard.acceptance !== undefined)
    parts.push(message('standard.parts.acceptance', { minutes: standard.acceptance.minutes }));
  return parts;
}
