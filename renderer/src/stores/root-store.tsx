/**
 * One zustand store built from typed slices (DESIGN.md, Style). The store is created by `main.tsx` with
 * the real `window.api`, or by a test with a fake one, and handed down through React context: no module
 * builds it at import time, so tests never share state.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { create } from 'zustand';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { Api } from '../../../shared/ipc/contract';
import type { AppSlice } from './app-slice';
import { createAppSlice } from './app-slice';

export type RootState = AppSlice;

export type RootStore = UseBoundStore<StoreApi<RootState>>;

export interface RootStoreDeps {
  api: Api;
}

export function createRootStore(deps: RootStoreDeps): RootStore {
  return create<RootState>()((...args) => ({
    ...createAppSlice(deps)(...args),
  }));
}

const StoreContext = createContext<RootStore | null>(null);

export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }): ReactNode {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Narrow selectors only (`(s) => s.appInfo`), so a component re-renders for its own data alone. */
export function useRootStore<T>(selector: (state: RootState) => T): T {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useRootStore needs a <StoreProvider> above it.');
  return store(selector);
}
