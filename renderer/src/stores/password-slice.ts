/**
 * "Change password…" for the selected fleet devices: the preview main computes (who will
 * change, who is skipped and why), a password main generates on request (kept here only while the dialog
 * is open, to show it once), then the change itself as a bulk action: progress and each device's outcome
 * stream in from `commission:*` events, and the finished action says "48 changed, 1 skipped, 1 failed".
 * A typed password leaves the dialog only inside the one change request and is not kept in the store.
 */
import type { WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import type { NewPasswordInput, PasswordChangeMode } from '../../../shared/ipc/channels/commission';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import type { LocalisableText } from '../../../shared/i18n/local-text';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { RowOutcome } from './fleet-rows';
import type { SliceCreator } from './types';

export interface PasswordDialogState {
  /** The preview of the devices it was asked for, in that order. */
  plan: AsyncState<WritePlanEntry[]>;
  /** The password main generated, shown once in the dialog; dropped when the dialog closes. */
  generated: AsyncState<string>;
  /** What the last "Copy" said: main's words, or its error (the dialog renders either in its language). */
  copied?: { ok: true; said: LocalisableText } | { ok: false; error: AppError };
}

export interface PasswordSlice {
  passwordDialog: PasswordDialogState;
  passwordPlanRequested: (mode: PasswordChangeMode, deviceIds?: readonly string[]) => Promise<void>;
  passwordGenerateRequested: () => Promise<void>;
  passwordCopyRequested: () => Promise<void>;
  /** Back to typing a password: the generated one is no longer shown. */
  passwordGeneratedDropped: () => void;
  /** Changes the devices of the preview that it listed to change. */
  passwordChangeRequested: (request: {
    mode: PasswordChangeMode;
    password: NewPasswordInput;
  }) => Promise<void>;
  passwordDialogClosed: () => void;
  passwordEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface PasswordSliceDeps {
  api: Pick<
    Api,
    | 'commission:password-plan'
    | 'commission:password-change'
    | 'commission:password-generate'
    | 'commission:password-copy'
  >;
}

const closedDialog: PasswordDialogState = { plan: idle, generated: idle };

/** A device's outcome as the fleet's Last action column shows it. */
export function rowOutcomeOf(result: Pick<WriteResult, 'outcome' | 'message'>): RowOutcome {
  if (result.outcome === 'done') return { ok: true, message: result.message };
  if (result.outcome === 'skipped') return { ok: false, skipped: true, message: result.message };
  return { ok: false, message: result.message };
}

/**
 * "48 changed, 1 skipped, 1 failed." — what the bulk status line says when the change is over, the
 * activity log's failure after it when there was one.
 */
export function passwordSummaryMessage(
  results: readonly Pick<WriteResult, 'outcome'>[],
  activityError: string | undefined,
): MessageRef {
  const n = (outcome: WriteResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const summary = message('fleet-actions.password.summary', {
    changed: n('done'),
    skipped: n('skipped'),
    failed: n('failed'),
    unknown: n('unknown'),
  });
  return activityError === undefined
    ? summary
    : message('fleet-actions.password.summaryWithNote', { summary, error: activityError });
}

export const createPasswordSlice =
  (deps: PasswordSliceDeps): SliceCreator<PasswordSlice> =>
  (set, get) => {
    const setDialog = (patch: Partial<PasswordDialogState>): void =>
      set({ passwordDialog: { ...get().passwordDialog, ...patch } });

    return {
      passwordDialog: closedDialog,

      passwordPlanRequested: async (mode, given) => {
        const deviceIds =
          given !== undefined
            ? [...given]
            : Object.keys(get().selection).filter((id) => get().selection[id] === true);
        if (deviceIds.length === 0) return;
        setDialog({ plan: loading });
        const result = await deps.api['commission:password-plan']({ deviceIds, mode });
        setDialog({
          plan: result.ok
            ? { status: 'ready', value: result.value }
            : { status: 'error', error: result.error },
        });
      },

      passwordGenerateRequested: async () => {
        setDialog({ generated: loading, copied: undefined });
        const result = await deps.api['commission:password-generate']();
        setDialog({
          generated: result.ok
            ? { status: 'ready', value: result.value.password }
            : { status: 'error', error: result.error },
        });
      },

      passwordCopyRequested: async () => {
        const result = await deps.api['commission:password-copy']();
        setDialog({
          copied: result.ok ? { ok: true, said: result.value } : { ok: false, error: result.error },
        });
      },

      passwordGeneratedDropped: () => setDialog({ generated: idle, copied: undefined }),

      passwordChangeRequested: async ({ mode, password }) => {
        const { plan } = get().passwordDialog;
        if (plan.status !== 'ready' || plan.value.length === 0) return;
        const deviceIds = plan.value.map((e) => e.deviceId);
        const confirmed = plan.value.filter((e) => e.send).map((e) => e.deviceId);
        const total = deviceIds.length;
        set({
          passwordDialog: closedDialog,
          outcomes: {},
          bulk: {
            status: 'running',
            operation: 'password',
            stepText: message('fleet-actions.password.changing'),
            done: 0,
            total,
            ok: 0,
            failed: 0,
          },
        });
        const result = await deps.api['commission:password-change']({ deviceIds, confirmed, mode, password });
        if (!result.ok) {
          set({ bulk: { ...get().bulk, status: 'error', error: result.error } });
          return;
        }
        const { results } = result.value;
        const outcomes = Object.fromEntries(results.map((r) => [r.deviceId, rowOutcomeOf(r)]));
        const changed = results.filter((r) => r.outcome === 'done').length;
        const summaryText = passwordSummaryMessage(results, result.value.activityError);
        set({
          outcomes,
          bulk: {
            status: 'done',
            operation: 'password',
            done: total,
            total,
            ok: changed,
            failed: total - changed,
            summaryText,
          },
        });
      },

      passwordDialogClosed: () => set({ passwordDialog: closedDialog }),

      passwordEventsArrived: (events) => {
        const { bulk } = get();
        if (bulk.status !== 'running' || bulk.operation !== 'password') return;
        let progress: typeof bulk | undefined;
        let outcomes: Record<string, RowOutcome> | undefined;
        for (const event of events) {
          if (event.type === 'commission:progress') {
            const p = event.payload;
            progress = { ...bulk, done: p.done, total: p.total, ok: p.changed, failed: p.failed };
          } else if (event.type === 'commission:device') {
            outcomes ??= { ...get().outcomes };
            outcomes[event.payload.deviceId] = rowOutcomeOf(event.payload);
          }
        }
        if (progress === undefined && outcomes === undefined) return;
        set({
          ...(progress !== undefined ? { bulk: progress } : {}),
          ...(outcomes !== undefined ? { outcomes } : {}),
        });
      },
    };
  };
