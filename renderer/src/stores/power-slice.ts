/**
 * "Power…" for the selected fleet devices: the plan main computes for one choice — a preset by name, the
 * highest under a watt limit per device, or a site budget spread for the most hash rate — and the apply
 * as a bulk action; devices that run the new preset only after a mining restart become the restart offer
 * the bulk line shows. Also each fleet device's preset for its row (`power:presets`: main reads it only
 * when due), asked for when the fleet changes, every minute, and after a write. And the presets a set of
 * devices offers, for the "one preset for all" chooser (`power:offers`: gathered in main), asked for once
 * when a chooser opens — never per keystroke.
 */
import type { DevicePresetView, PowerChoice, PowerPlan } from '../../../shared/domain/power-plan';
import type { PresetOffers } from '../../../shared/domain/preset-offers';
import type { Api } from '../../../shared/ipc/contract';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import { runSiteSetup } from './site-setup-run';
import type { SliceCreator } from './types';

export interface PowerDialogState {
  /** The plan of the devices it was asked for, in that order. */
  plan: AsyncState<PowerPlan>;
}

export interface PowerSlice {
  powerDialog: PowerDialogState;
  /** By device id: the preset it runs, and one configured here that it runs after a restart. */
  presets: Record<string, DevicePresetView>;
  powerPlanRequested: (choice: PowerChoice, deviceIds?: readonly string[]) => Promise<void>;
  /** Back from the plan to the choice: the plan is dropped. */
  powerPlanDropped: () => void;
  /** Writes the plan's presets on the devices it listed. */
  powerSetRequested: () => Promise<void>;
  powerDialogClosed: () => void;
  presetsRequested: () => Promise<void>;
  /** The presets the devices a chooser was opened for offer (the last asked for; an older answer is dropped). */
  presetOffers: AsyncState<PresetOffers>;
  presetOffersRequested: (deviceIds: readonly string[], refresh?: boolean) => Promise<void>;
}

export interface PowerSliceDeps {
  api: Pick<Api, 'power:plan' | 'power:set' | 'power:presets' | 'power:offers'>;
}

const closedDialog: PowerDialogState = { plan: idle };

export const createPowerSlice =
  (deps: PowerSliceDeps): SliceCreator<PowerSlice> =>
  (set, get) => {
    const selected = (): string[] =>
      Object.keys(get().selection).filter((id) => get().selection[id] === true);

    const presetsRequested = async (): Promise<void> => {
      const deviceIds = get().rows.map((row) => row.id);
      if (deviceIds.length === 0) return;
      const result = await deps.api['power:presets']({ deviceIds });
      // A failed read keeps what the rows showed: the preset is a hint, not worth an error line.
      if (result.ok) set({ presets: result.value });
    };

    // Only the newest request's answer is shown: a chooser closed and opened on other devices meanwhile.
    let offersAsked = 0;

    return {
      powerDialog: closedDialog,
      presets: {},
      presetOffers: idle,

      presetOffersRequested: async (deviceIds, refresh) => {
        const asked = ++offersAsked;
        if (deviceIds.length === 0) {
          set({ presetOffers: idle });
          return;
        }
        set({ presetOffers: loading });
        const result = await deps.api['power:offers']({
          deviceIds: [...deviceIds],
          ...(refresh === true ? { refresh } : {}),
        });
        if (asked !== offersAsked) return;
        set({
          presetOffers: result.ok
            ? { status: 'ready', value: result.value }
            : { status: 'error', error: result.error },
        });
      },

      powerPlanRequested: async (choice, given) => {
        const deviceIds = given !== undefined ? [...given] : selected();
        if (deviceIds.length === 0) return;
        set({ powerDialog: { plan: loading } });
        const result = await deps.api['power:plan']({ deviceIds, choice });
        set({
          powerDialog: {
            plan: result.ok
              ? { status: 'ready', value: result.value }
              : { status: 'error', error: result.error },
          },
        });
      },

      powerPlanDropped: () => set({ powerDialog: closedDialog }),

      powerSetRequested: async () => {
        const { plan } = get().powerDialog;
        if (plan.status !== 'ready' || plan.value.entries.length === 0) return;
        const deviceIds = plan.value.entries.map((e) => e.deviceId);
        const confirmed = plan.value.entries.flatMap((e) =>
          e.send && e.preset !== undefined ? [{ deviceId: e.deviceId, preset: e.preset.name }] : [],
        );
        set({ powerDialog: closedDialog, restartOffer: [] });
        const output = await runSiteSetup({ set, get }, 'power-profile', deviceIds.length, () =>
          deps.api['power:set']({ deviceIds, choice: plan.value.choice, confirmed }),
        );
        if (output === undefined) return;
        const restart = output.results.filter(
          (r) => r.outcome === 'done' && 'restartRequired' in r && r.restartRequired === true,
        );
        set({ restartOffer: restart.map((r) => r.deviceId) });
        await presetsRequested();
      },

      powerDialogClosed: () => set({ powerDialog: closedDialog }),

      presetsRequested,
    };
  };
