/**
 * The run of a site-setup write (pools, locate LED, mining restart, reboot) as a bulk action, shared by
 * the pools and device-action slices: the bulk line shows progress while `commission:*` events stream
 * each device's outcome into the fleet's Last action column, and the finished request says in one
 * sentence how it went ("Pools set on 198 of 200 devices; 2 failed.").
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { resolveLanguage } from '../../../shared/i18n/locales';
import type { Translator } from '../../../shared/i18n/translate';
import { windowTranslator } from '../i18n/window-translator';
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

/**
 * The window's language as the store sees it (the Language setting, else the system's). The bulk line's
 * step and summary and a row's outcome are strings (bulk-slice.ts, fleet-rows.ts): they are worded once,
 * in the language of the moment (English while that language's catalog is still loading). When those carry
 * MessageRefs, keep the refs instead.
 */
export function storeTranslator(state: Pick<RootState, 'settings'>): Translator {
  const choice = state.settings.status === 'ready' ? state.settings.value.language.app : 'system';
  const locale = resolveLanguage(choice, typeof navigator === 'undefined' ? [] : navigator.languages);
  return windowTranslator(locale).translator;
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

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Runs one write over `total` devices; answers its output, or undefined when main refused the request
 * (the bulk line then shows why). `summary` may replace main's sentence (the LED's words).
 */
export async function runSiteSetup<R extends WriteResult, O extends WriteOutput<R>>(
  state: { set: Set; get: Get },
  operation: SiteSetupOperation,
  total: number,
  call: () => Promise<Result<O>>,
  summary: (output: O) => string = (output) => output.summary,
): Promise<O | undefined> {
  const { set, get } = state;
  const tr = storeTranslator(get());
  set({
    outcomes: {},
    bulk: { status: 'running', operation, step: tr.t(STEPS[operation]), done: 0, total, ok: 0, failed: 0 },
  });
  const result = await call();
  if (!result.ok) {
    set({ bulk: { ...get().bulk, status: 'error', operation, error: result.error } });
    return undefined;
  }
  const { results, activityError } = result.value;
  const done = results.filter((r) => r.outcome === 'done').length;
  const line = tr.t('sites.setup.summary', { summary: sentence(summary(result.value)) });
  const note = activityError === undefined ? '' : tr.t('sites.setup.activityError', { error: activityError });
  set({
    outcomes: Object.fromEntries(results.map((r) => [r.deviceId, rowOutcomeOf(r)])),
    bulk: {
      status: 'done',
      operation,
      done: results.length,
      total: results.length,
      ok: done,
      failed: results.length - done,
      summary: note === '' ? line : tr.t('sites.setup.withNote', { line, note }),
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
