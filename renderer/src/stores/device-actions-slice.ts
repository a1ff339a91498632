/**
 * The locate LED, mining restart and reboot for fleet devices, in bulk or for the device in
 * the panel. Blinking is harmless and idempotent, so it acts at once; a restart or reboot first asks main
 * who would get it (offline devices and those without a credential are skipped), and the confirmation
 * names that count. Each runs as a bulk action (site-setup-run.ts) and answers its per-device results,
 * so the device panel can say how its one device went.
 */
import type { WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { AsyncState } from './async-state';
import { loading } from './async-state';
import { runSiteSetup, siteSetupEvents } from './site-setup-run';
import type { SliceCreator } from './types';

export type PowerAction = 'restart-mining' | 'reboot';

export interface ActionConfirmState {
  action: PowerAction;
  /** How many devices it was asked for: what "Checking 200 devices…" counts until the plan is in. */
  asked: number;
  /** Who gets it and who is skipped, for the devices it was asked for, in that order. */
  plan: AsyncState<WritePlanEntry[]>;
}

export interface DeviceActionsSlice {
  actionConfirm?: ActionConfirmState;
  /** Opens the confirmation of a restart or reboot for the selection (or these devices). */
  actionPlanRequested: (action: PowerAction, deviceIds?: readonly string[]) => Promise<void>;
  actionConfirmClosed: () => void;
  /** The locate LED on (for `minutes`) or off. */
  ledRequested: (on: boolean, minutes?: number, deviceIds?: readonly string[]) => Promise<WriteResult[]>;
  /**
   * Restarts or reboots: without ids, the devices the open confirmation listed; with ids, those (the
   * button that asked named them: the pools' restart offer, the device panel's confirmation).
   */
  powerRequested: (action: PowerAction, deviceIds?: readonly string[]) => Promise<WriteResult[]>;
  siteSetupEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface DeviceActionsSliceDeps {
  api: Pick<
    Api,
    'commission:action-plan' | 'commission:locate' | 'commission:restart-mining' | 'commission:reboot'
  >;
}

/** "LED blinking on 3 of 3 devices (off by itself at 14:32)." / "LED off on 3 of 3 devices.", as a message. */
function ledText(on: boolean, results: readonly WriteResult[], offAt: string | undefined): MessageRef {
  const n = (outcome: WriteResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const timed = on && offAt !== undefined;
  return message('fleet.bulk.ledSummary', {
    on: on ? 'on' : 'off',
    done: n('done'),
    tried: results.length - n('skipped'),
    failed: n('failed'),
    unknown: n('unknown'),
    skipped: n('skipped'),
    timed: timed ? 'yes' : 'no',
    // ICU reads every argument: a time is given even when the branch that shows it is not taken.
    offAt: timed ? new Date(offAt) : new Date(0),
  });
}

export const createDeviceActionsSlice =
  (deps: DeviceActionsSliceDeps): SliceCreator<DeviceActionsSlice> =>
  (set, get) => {
    const selectedIds = (given?: readonly string[]): string[] =>
      given !== undefined
        ? [...given]
        : Object.keys(get().selection).filter((id) => get().selection[id] === true);
    const state = { set, get };

    return {
      actionConfirm: undefined,

      actionPlanRequested: async (action, given) => {
        const deviceIds = selectedIds(given);
        if (deviceIds.length === 0) return;
        set({ actionConfirm: { action, asked: deviceIds.length, plan: loading } });
        const result = await deps.api['commission:action-plan']({ action, deviceIds });
        if (get().actionConfirm?.action !== action) return; // closed meanwhile
        set({
          actionConfirm: {
            action,
            asked: deviceIds.length,
            plan: result.ok
              ? { status: 'ready', value: result.value }
              : { status: 'error', error: result.error },
          },
        });
      },

      actionConfirmClosed: () => set({ actionConfirm: undefined }),

      ledRequested: async (on, minutes, given) => {
        const deviceIds = selectedIds(given);
        if (deviceIds.length === 0) return [];
        const output = await runSiteSetup(
          state,
          'locate',
          deviceIds.length,
          () =>
            deps.api['commission:locate']({
              deviceIds,
              on,
              ...(on && minutes !== undefined ? { minutes } : {}),
            }),
          (o) => ledText(on, o.results, o.offAt),
        );
        return output?.results ?? [];
      },

      powerRequested: async (action, given) => {
        let deviceIds: string[];
        let confirmed: string[];
        if (given !== undefined) {
          deviceIds = [...given];
          confirmed = [...given];
        } else {
          const plan = get().actionConfirm?.plan;
          if (get().actionConfirm?.action !== action || plan?.status !== 'ready') return [];
          deviceIds = plan.value.map((e) => e.deviceId);
          confirmed = plan.value.filter((e) => e.send).map((e) => e.deviceId);
        }
        set({ actionConfirm: undefined });
        if (deviceIds.length === 0) return [];
        const output = await runSiteSetup(state, action, deviceIds.length, () =>
          deps.api[action === 'reboot' ? 'commission:reboot' : 'commission:restart-mining']({
            deviceIds,
            confirmed,
          }),
        );
        return output?.results ?? [];
      },

      siteSetupEventsArrived: (events) => siteSetupEvents(state, events),
    };
  };
