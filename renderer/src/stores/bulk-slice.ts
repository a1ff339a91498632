/**
 * Bulk actions on the selected fleet devices — unlock with one password (and create API keys right
 * after), create keys, forget credentials, re-scan, remove — each ending with one outcome per device,
 * shown in the table and summed up in plain words. Progress comes from `credentials:progress` events.
 */
import type { DeviceOutcome } from '../../../shared/ipc/channels/credentials';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { AppError, Result } from '../../../shared/result';
import type { RowOutcome } from './fleet-rows';
import type { SliceCreator } from './types';

export type BulkOperation =
  | 'unlock'
  | 'provision'
  | 'forget'
  | 'rescan'
  | 'remove'
  | 'password'
  | 'pools'
  | 'locate'
  | 'restart-mining'
  | 'reboot'
  | 'power-profile';

export interface BulkState {
  status: 'idle' | 'running' | 'done' | 'error';
  operation?: BulkOperation;
  /** What is happening now, e.g. "Creating API keys": a message, worded when shown (a language switch re-words it). */
  stepText?: MessageRef;
  done: number;
  total: number;
  ok: number;
  failed: number;
  /**
   * The finished action in one sentence when the counts alone do not say it ("12 unlocked, 12 with an API
   * key", "Pools set on 198 of 200 devices."): a message, worded when shown, in the language of the moment.
   */
  summaryText?: MessageRef;
  error?: AppError;
}

export interface UnlockRequest {
  password: string;
  /** Store the password (for the site, or for each device). */
  remember: boolean;
  scope: 'site' | 'device';
  /** Create a verified API key on each device that accepted the password. */
  createKeys: boolean;
}

export interface BulkSlice {
  bulk: BulkState;
  /** The last action's result per device id. */
  outcomes: Record<string, RowOutcome>;
  unlockRequested: (request: UnlockRequest, deviceIds?: readonly string[]) => Promise<void>;
  keysRequested: (deviceIds?: readonly string[]) => Promise<void>;
  forgetRequested: (what: 'password' | 'api-key' | 'all', deviceIds?: readonly string[]) => Promise<void>;
  rescanRequested: (deviceIds?: readonly string[]) => Promise<void>;
  removeRequested: (deviceIds?: readonly string[]) => Promise<void>;
  outcomesCleared: () => void;
  bulkEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface BulkSliceDeps {
  api: Pick<
    Api,
    | 'credentials:unlock'
    | 'credentials:provision'
    | 'credentials:forget'
    | 'monitor:rescan'
    | 'monitor:remove'
  >;
}

const CREATING_KEYS = message('fleet.bulk.step.creatingKeys');

/**
 * The outcome's words as a message, when main sent them as one (else the window shows `message`): its own
 * `text` once the credentials channel carries one (issue 35, main's side), else a failure's error text.
 */
const textOf = (outcome: DeviceOutcome): { text?: MessageRef } => {
  const text = (outcome as { text?: MessageRef }).text ?? (outcome.ok ? undefined : outcome.error?.text);
  return text === undefined ? {} : { text };
};

const idleBulk: BulkState = { status: 'idle', done: 0, total: 0, ok: 0, failed: 0 };

export const createBulkSlice =
  (deps: BulkSliceDeps): SliceCreator<BulkSlice> =>
  (set, get) => {
    const selectedIds = (given?: readonly string[]): string[] =>
      given !== undefined
        ? [...given]
        : Object.keys(get().selection).filter((id) => get().selection[id] === true);

    const begin = (operation: BulkOperation, total: number, stepText: MessageRef): void =>
      set({ bulk: { status: 'running', operation, stepText, done: 0, total, ok: 0, failed: 0 } });

    /** Records outcomes (merged over earlier steps of the same action) and the totals. */
    const finish = (
      operation: BulkOperation,
      result: Result<{ outcomes: DeviceOutcome[] }>,
      merge: Record<string, RowOutcome> = {},
    ): DeviceOutcome[] => {
      if (!result.ok) {
        set({ bulk: { ...get().bulk, status: 'error', operation, error: result.error } });
        return [];
      }
      const outcomes: Record<string, RowOutcome> = { ...merge };
      for (const o of result.value.outcomes) {
        const before = merge[o.deviceId];
        outcomes[o.deviceId] =
          before === undefined
            ? { ok: o.ok, message: o.message, ...textOf(o) }
            : { ok: o.ok, message: `${before.message} ${o.message}` };
      }
      const values = Object.values(outcomes);
      const ok = values.filter((o) => o.ok).length;
      set({
        outcomes,
        bulk: {
          status: 'done',
          operation,
          done: values.length,
          total: values.length,
          ok,
          failed: values.length - ok,
        },
      });
      return result.value.outcomes;
    };

    return {
      bulk: idleBulk,
      outcomes: {},

      unlockRequested: async (request, given) => {
        const deviceIds = selectedIds(given);
        if (deviceIds.length === 0) return;
        begin('unlock', deviceIds.length, message('fleet.bulk.step.unlocking'));
        const unlocked = finish(
          'unlock',
          await deps.api['credentials:unlock']({
            deviceIds,
            password: request.password,
            remember: request.remember,
            scope: request.scope,
          }),
        );
        if (!request.createKeys) return;
        const ready = unlocked.filter((o) => o.ok).map((o) => o.deviceId);
        if (ready.length === 0) return;
        const earlier = get().outcomes;
        begin('provision', ready.length, CREATING_KEYS);
        // Outcomes of devices the password did not open stay as they were.
        const result = await deps.api['credentials:provision']({ deviceIds: ready });
        const keyed = finish('provision', result, earlier).filter((o) => o.ok).length;
        const failed = deviceIds.length - keyed;
        set({
          bulk: {
            ...get().bulk,
            operation: 'unlock',
            summaryText: message('fleet.bulk.unlockSummary', { unlocked: ready.length, keyed, failed }),
          },
        });
        if (!result.ok) {
          const failedKeys = Object.fromEntries(
            ready.map((id) => [
              id,
              { ok: false, message: `${earlier[id]?.message ?? ''} ${result.error.message}`.trim() },
            ]),
          );
          set({ outcomes: { ...earlier, ...failedKeys } });
        }
      },

      keysRequested: async (given) => {
        const deviceIds = selectedIds(given);
        if (deviceIds.length === 0) return;
        begin('provision', deviceIds.length, CREATING_KEYS);
        finish('provision', await deps.api['credentials:provision']({ deviceIds }));
      },

      forgetRequested: async (what, given) => {
        const deviceIds = selectedIds(given);
        if (deviceIds.length === 0) return;
        begin('forget', deviceIds.length, message('fleet.bulk.step.forgetting'));
        finish('forget', await deps.api['credentials:forget']({ deviceIds, what }));
      },

      rescanRequested: async (given) => {
        const deviceIds = selectedIds(given);
        if (deviceIds.length === 0) return;
        begin('rescan', deviceIds.length, message('fleet.bulk.step.rescanning'));
        finish('rescan', await deps.api['monitor:rescan']({ deviceIds }));
      },

      removeRequested: async (given) => {
        const deviceIds = selectedIds(given);
        if (deviceIds.length === 0) return;
        begin('remove', deviceIds.length, message('fleet.bulk.step.removing'));
        const result = await deps.api['monitor:remove']({ deviceIds });
        if (!result.ok) {
          set({ bulk: { ...get().bulk, status: 'error', error: result.error } });
          return;
        }
        const n = result.value.removed;
        set({ bulk: { status: 'done', operation: 'remove', done: n, total: n, ok: n, failed: 0 } });
      },

      outcomesCleared: () => set({ outcomes: {}, bulk: idleBulk }),

      bulkEventsArrived: (events) => {
        const { bulk } = get();
        if (bulk.status !== 'running') return;
        let progress: BulkState | undefined;
        for (const event of events) {
          if (event.type !== 'credentials:progress') continue;
          if (event.payload.operation !== bulk.operation) continue;
          progress = { ...bulk, ...event.payload, status: 'running' };
        }
        if (progress !== undefined) set({ bulk: progress });
      },
    };
  };
