/**
 * "Set pools…" for the selected fleet devices: the current site's presets (listed, saved,
 * deleted), the preview main computes — each device's three slots with its workers filled in, or why it
 * is skipped (a template problem is flagged) — and the apply as a bulk action. Devices that say they mine
 * on the new pools only after a mining restart are kept as the restart offer the bulk line shows.
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';
import type { PoolPlanEntry, PoolPreset, PoolSpec } from '../../../shared/domain/pools';
import type { Api } from '../../../shared/ipc/contract';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import { runSiteSetup } from './site-setup-run';
import type { SliceCreator } from './types';

export interface PoolsDialogState {
  presets: AsyncState<PoolPreset[]>;
  /** The preview of the devices it was asked for, in that order. */
  plan: AsyncState<PoolPlanEntry[]>;
  /** The pools the preview was made for: what Apply sends. */
  planned?: PoolSpec[];
  /** What the last preset save or delete said. */
  presetNote?: { ok: true; said: MessageRef } | { ok: false; error: AppError };
}

export interface PoolsSlice {
  poolsDialog: PoolsDialogState;
  /** Devices the last pools request set that mine on the new pools only after a mining restart. */
  restartOffer: string[];
  poolPresetsRequested: () => Promise<void>;
  /** Saves the pools as a preset of the current site; answers whether it was saved. */
  poolPresetSaved: (name: string, pools: readonly PoolSpec[]) => Promise<boolean>;
  poolPresetDeleted: (name: string) => Promise<void>;
  poolsPlanRequested: (pools: readonly PoolSpec[], deviceIds?: readonly string[]) => Promise<void>;
  /** Back from the preview to the pools: the preview is dropped. */
  poolsPlanDropped: () => void;
  /** Sets the pools of the preview on the devices it listed. */
  poolsSetRequested: () => Promise<void>;
  poolsDialogClosed: () => void;
}

export interface PoolsSliceDeps {
  api: Pick<
    Api,
    | 'commission:pool-presets'
    | 'commission:pool-preset-save'
    | 'commission:pool-preset-delete'
    | 'commission:pools-plan'
    | 'commission:pools-set'
  >;
}

const closedDialog: PoolsDialogState = { presets: idle, plan: idle };

export const createPoolsSlice =
  (deps: PoolsSliceDeps): SliceCreator<PoolsSlice> =>
  (set, get) => {
    const setDialog = (patch: Partial<PoolsDialogState>): void =>
      set({ poolsDialog: { ...get().poolsDialog, ...patch } });

    const loadPresets = async (): Promise<void> => {
      const result = await deps.api['commission:pool-presets']();
      setDialog({
        presets: result.ok
          ? { status: 'ready', value: result.value }
          : { status: 'error', error: result.error },
      });
    };

    return {
      poolsDialog: closedDialog,
      restartOffer: [],

      poolPresetsRequested: async () => {
        setDialog({ presets: loading, presetNote: undefined });
        await loadPresets();
      },

      poolPresetSaved: async (name, pools) => {
        const result = await deps.api['commission:pool-preset-save']({ name, pools: [...pools] });
        setDialog({
          presetNote: result.ok
            ? { ok: true, said: message('fleet-actions.pools.saved', { name: result.value.name }) }
            : { ok: false, error: result.error },
        });
        if (result.ok) await loadPresets();
        return result.ok;
      },

      poolPresetDeleted: async (name) => {
        const result = await deps.api['commission:pool-preset-delete']({ name });
        setDialog({
          presetNote: result.ok
            ? { ok: true, said: message('fleet-actions.pools.deleted', { name: result.value.name }) }
            : { ok: false, error: result.error },
        });
        if (result.ok) await loadPresets();
      },

      poolsPlanRequested: async (pools, given) => {
        const deviceIds =
          given !== undefined
            ? [...given]
            : Object.keys(get().selection).filter((id) => get().selection[id] === true);
        if (deviceIds.length === 0) return;
        setDialog({ plan: loading, planned: [...pools] });
        const result = await deps.api['commission:pools-plan']({ deviceIds, pools: [...pools] });
        setDialog({
          plan: result.ok
            ? { status: 'ready', value: result.value }
            : { status: 'error', error: result.error },
        });
      },

      poolsPlanDropped: () => setDialog({ plan: idle, planned: undefined }),

      poolsSetRequested: async () => {
        const { plan, planned } = get().poolsDialog;
        if (plan.status !== 'ready' || planned === undefined || plan.value.length === 0) return;
        const deviceIds = plan.value.map((e) => e.deviceId);
        const confirmed = plan.value.filter((e) => e.send).map((e) => e.deviceId);
        set({ poolsDialog: closedDialog, restartOffer: [] });
        const output = await runSiteSetup({ set, get }, 'pools', deviceIds.length, () =>
          deps.api['commission:pools-set']({ deviceIds, confirmed, pools: planned }),
        );
        if (output === undefined) return;
        const restart = output.results.filter((r) => r.outcome === 'done' && r.restartRequired === true);
        set({ restartOffer: restart.map((r) => r.deviceId) });
      },

      poolsDialogClosed: () => set({ poolsDialog: closedDialog }),
    };
  };
