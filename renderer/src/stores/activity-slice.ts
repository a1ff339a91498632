/**
 * The activity log: every write this laptop (or a colleague's, merged from an
 * export) made to the current site's devices — the Site → Activity view, optionally filtered to one
 * device, and the device panel's own list. Loaded on demand (`sites:activity`), newest first for reading;
 * main sends each entry with its one-line summary. Nothing secret is in an entry.
 */
import type { ChannelOutput } from '../../../shared/ipc/contract';
import type { Api } from '../../../shared/ipc/contract';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { SliceCreator } from './types';

export type ActivityItem = ChannelOutput<'sites:activity'>[number];

export interface ActivitySlice {
  /** The current site's log, newest first (filtered to `activityDeviceId` when set). */
  siteActivity: AsyncState<ActivityItem[]>;
  activityDeviceId?: string;
  /** The open device's entries (its line only), newest first. */
  deviceActivity: AsyncState<ActivityItem[]>;
  /** Loads the site's log again; `deviceId` changes the filter (null: every device). */
  siteActivityRequested: (deviceId?: string | null) => Promise<void>;
  deviceActivityRequested: (deviceId: string) => Promise<void>;
}

export interface ActivitySliceDeps {
  api: Pick<Api, 'sites:activity'>;
}

const newestFirst = (items: readonly ActivityItem[]): ActivityItem[] =>
  [...items].sort((a, b) => b.at.localeCompare(a.at));

export const createActivitySlice =
  (deps: ActivitySliceDeps): SliceCreator<ActivitySlice> =>
  (set, get) => ({
    siteActivity: idle,
    deviceActivity: idle,

    siteActivityRequested: async (deviceId) => {
      const filter = deviceId === undefined ? get().activityDeviceId : (deviceId ?? undefined);
      set({
        activityDeviceId: filter,
        siteActivity: get().siteActivity.status === 'ready' ? get().siteActivity : loading,
      });
      const result = await deps.api['sites:activity'](filter === undefined ? {} : { deviceId: filter });
      if (get().activityDeviceId !== filter) return; // another filter was chosen meanwhile
      set({
        siteActivity: result.ok
          ? { status: 'ready', value: newestFirst(result.value) }
          : { status: 'error', error: result.error },
      });
    },

    deviceActivityRequested: async (deviceId) => {
      if (get().openDeviceId !== deviceId) set({ deviceActivity: loading });
      const result = await deps.api['sites:activity']({ deviceId });
      if (get().openDeviceId !== deviceId) return;
      set({
        deviceActivity: result.ok
          ? { status: 'ready', value: newestFirst(result.value) }
          : { status: 'error', error: result.error },
      });
    },
  });
