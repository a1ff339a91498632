/**
 * One zustand store built from typed slices (docs/design.md, Style). The store is created by `main.tsx` with
 * the real `window.api`, or by a test with a fake one, and handed down through React context: no module
 * builds it at import time, so tests never share state. It subscribes to main's event batches once and
 * hands each batch to every slice that listens: one store update per slice per batch.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { create } from 'zustand';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { Api } from '../../../shared/ipc/contract';
import type { AcceptanceSlice } from './acceptance-slice';
import { createAcceptanceSlice } from './acceptance-slice';
import type { ActivitySlice } from './activity-slice';
import { createActivitySlice } from './activity-slice';
import type { AppSlice } from './app-slice';
import { createAppSlice } from './app-slice';
import type { BulkSlice } from './bulk-slice';
import { createBulkSlice } from './bulk-slice';
import type { DeviceActionsSlice } from './device-actions-slice';
import { createDeviceActionsSlice } from './device-actions-slice';
import type { DeviceSlice } from './device-slice';
import { createDeviceSlice } from './device-slice';
import type { DiscoverSlice } from './discover-slice';
import { createDiscoverSlice } from './discover-slice';
import type { FirmwareSlice } from './firmware-slice';
import { createFirmwareSlice } from './firmware-slice';
import type { FleetSlice } from './fleet-slice';
import { createFleetSlice } from './fleet-slice';
import type { LayoutSlice } from './layout-slice';
import { createLayoutSlice } from './layout-slice';
import type { PasswordSlice } from './password-slice';
import { createPasswordSlice } from './password-slice';
import type { PoolsSlice } from './pools-slice';
import { createPoolsSlice } from './pools-slice';
import type { PowerSlice } from './power-slice';
import { createPowerSlice } from './power-slice';
import type { ReportSlice } from './report-slice';
import { createReportSlice } from './report-slice';
import type { SettingsSlice } from './settings-slice';
import { createSettingsSlice } from './settings-slice';
import type { SitesSlice } from './sites-slice';
import { createSitesSlice } from './sites-slice';
import type { StandardSlice } from './standard-slice';
import { createStandardSlice } from './standard-slice';

export type RootState = AppSlice &
  DiscoverSlice &
  FleetSlice &
  BulkSlice &
  DeviceSlice &
  SettingsSlice &
  SitesSlice &
  ReportSlice &
  PasswordSlice &
  PoolsSlice &
  PowerSlice &
  FirmwareSlice &
  DeviceActionsSlice &
  ActivitySlice &
  AcceptanceSlice &
  StandardSlice &
  LayoutSlice;

export type RootStore = UseBoundStore<StoreApi<RootState>> & {
  /** Stops listening to main (tests unmount; the app lives as long as the page). */
  detach: () => void;
};

export interface RootStoreDeps {
  api: Api;
  /** Delay before the typed targets are checked; tests use 0. */
  checkDelayMs?: number;
  /** Least time between two redraws of live readings (fleet-slice.ts); tests use 0. */
  redrawMs?: number;
}

export function createRootStore(deps: RootStoreDeps): RootStore {
  const store = create<RootState>()((...args) => ({
    ...createAppSlice(deps)(...args),
    ...createDiscoverSlice(deps)(...args),
    ...createFleetSlice(deps)(...args),
    ...createBulkSlice(deps)(...args),
    ...createDeviceSlice(deps)(...args),
    ...createSettingsSlice(deps)(...args),
    ...createSitesSlice(deps)(...args),
    ...createReportSlice(deps)(...args),
    ...createPasswordSlice(deps)(...args),
    ...createPoolsSlice(deps)(...args),
    ...createPowerSlice(deps)(...args),
    ...createFirmwareSlice(deps)(...args),
    ...createDeviceActionsSlice(deps)(...args),
    ...createActivitySlice(deps)(...args),
    ...createAcceptanceSlice(deps)(...args),
    ...createStandardSlice(deps)(...args),
    ...createLayoutSlice(deps)(...args),
  }));
  const detach = deps.api.onEvent((events) => {
    const state = store.getState();
    state.discoveryEventsArrived(events);
    state.fleetEventsArrived(events);
    state.bulkEventsArrived(events);
    state.passwordEventsArrived(events);
    state.siteSetupEventsArrived(events);
    state.acceptanceEventsArrived(events);
    state.firmwareEventsArrived(events);
    state.standardEventsArrived(events);
    state.layoutEventsArrived(events);
  });
  return Object.assign(store, { detach });
}

const StoreContext = createContext<RootStore | null>(null);

export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }): ReactNode {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Narrow selectors only (`(s) => s.appInfo`), so a component re-renders for its own data alone. */
export function useRootStore<T>(selector: (state: RootState) => T): T {
  return useStoreApi()(selector);
}

/** The store itself, for event handlers that read state without subscribing (keyboard shortcuts). */
export function useStoreApi(): RootStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useRootStore needs a <StoreProvider> above it.');
  return store;
}
