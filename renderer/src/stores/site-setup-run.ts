/**
 * The run of a site-setup write (pools, locate LED, mining restart, reboot) as a bulk action, shared by
 * the pools and device-action slices: the bulk line shows progress while `commission:*` events stream
 * each device's outcome into the fleet's Last action column, and the finished request says in one
 * sentence how it went ("Pools set on 198 of 200 devices; 2 failed."), kept as a message so the line
 * reads in the window's language of the moment, whenever it is shown.
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { AppEvent } from '../../../shared/ipc/events';
import type { Result } from '../../../shared/result';
import type { BulkState } from './bulk-slice';
import type { RowOutcome } from './fleet-rows';
import { rowOutcomeOf } from './password-slice';
import type { RootState } from './root-store';

export type SiteSetupOperation = 'pools' | 'locate' | 'restart-mining' | 'reboot' | 'power-profile';

const STEPS: Readonly<Record<SiteSetupOperation, MessageRef>> = {
  pools: message('sites.setup.step.pools'),
  locate: message('sites.setup.step.locate'),
  'restart-mining': message('sites.setup.step.restartMining'),
  reboot: message('sites.setup.step.reboot'),
  'power-profile': message('sites.setup.step.powerProfile'),
};

/** Each write's word in `sites.setup.done` (an ICU select: its keys hold no hyphen). */
const DONE_WORDS: Readonly<Record<SiteSetupOperation, string>> = {
  pools: 'pools',
  locate: 'locate',
  'restart-mining': 'restartMining',
  reboot: 'reboot',
  'power-profile': 'powerProfile',
};

/**
 * "Pools set on 198 of 200 devices; 2 failed." — main's summary (summarizeActivity) as a message the
 * bulk line renders in the window's language, re-worded when the technician switches language.
 */
export function writeSummaryText(
  operation: SiteSetupOperation,
  results: readonly Pick<WriteResult, 'outcome'>[],
): MessageRef {
  const n = (outcome: WriteResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return message('sites.setup.done', {
    action: DONE_WORDS[operation],
    done: n('done'),
    tried: results.length - n('skipped'),
    failed: n('failed'),
    unknown: n('unknown'),
    skipped: n('skipped'),
  });
}

const isSiteSetup = (operation: BulkState['operation']): operation is SiteSetupOperation =>
  operation !== undefined && operation in STEPS;

type Set = (patch: Partial<RootState>) => void;
type Get = () => RootState;

/** What every site-setup channel answers. */
export interface WriteOutput<R extends WriteResult> {
  results: R[];
  summary: string;
  activityError?: string;
}

/**
 * Runs one write over `total` devices; answers its output, or undefined when main refused the request
 * (the bulk line then shows why). `summary` may replace the count's sentence (the LED's words).
 */
export async function runSiteSetup<R extends WriteResult, O extends WriteOutput<R>>(
  state: { set: Set; get: Get },
  operation: SiteSetupOperation,
  total: number,
  call: () => Promise<Result<O>>,
  summary: (output: O) => MessageRef = (output) => writeSummaryText(operation, output.results),
): Promise<O | undefined> {
  const { set, get } = state;
  set({
    outcomes: {},
    bulk: { status: 'running', operation, stepText: STEPS[operation], done: 0, total, ok: 0, failed: 0 },
  });
  const result = await call();
  if (!result.ok) {
    set({ bulk: { ...get().bulk, status: 'error', operation, error: result.error } });
    return undefined;
  }
  const { results, activityError } = result.value;
  const done = results.filter((r) => r.outcome === 'done').length;
  const line = summary(result.value);
  set({
    outcomes: Object.fromEntries(results.map((r) => [r.deviceId, rowOutcomeOf(r)])),
    bulk: {
      status: 'done',
      operation,
      done: results.length,
      total: results.length,
      ok: done,
      failed: results.length - done,
      summaryText:
        activityError === undefined
          ? line
          : message('sites.setup.withNote', {
              line,
              note: message('sites.setup.activityError', { error: activityError }),
            }),
    },
  });
  return result.value;
}

/** Progress and per-device outcomes of the running site-setup write, from one batch of events. */
export function siteSetupEvents(state: { set: Set; get: Get }, events: readonly AppEvent[]): void {
  const { bulk } = state.get();
  if (bulk.status !== 'running' || !isSiteSetup(bulk.operation)) return;
  let progress: BulkState | undefined;
  let outcomes: Record<string, RowOutcome> | undefined;
  for (const event of events) {
    if (event.type === 'commission:progress' && event.payload.operation === bulk.operation) {
      const p = event.payload;
      progress = { ...bulk, done: p.done, total: p.total, ok: p.changed, failed: p.failed };
    } else if (event.type === 'commission:device' && event.payload.operation === bulk.operation) {
      outcomes ??= { ...state.get().outcomes };
      outcomes[event.payload.deviceId] = rowOutcomeOf(event.payload);
    }
  }
  if (progress === undefined && outcomes === undefined) return;
  state.set({
    ...(progress !== undefined ? { bulk: progress } : {}),
    ...(outcomes !== undefined ? { outcomes } : {}),
  });
}
