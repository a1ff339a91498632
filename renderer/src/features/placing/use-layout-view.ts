/**
 * The current site's layout as main keeps it (`layout:get`), read again whenever main says it changed
 * (`layout:changed`): the rack picker and the walk read it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LayoutView } from '../../../../shared/ipc/channels/layout';
import type { AppError } from '../../../../shared/result';
import type { PlacingApi } from './placing-api';

export interface LayoutViewState {
  view?: LayoutView;
  /** Main's refusal, shown with `errorText` in the window's language. */
  error?: AppError;
}

export function useLayoutView(api: PlacingApi): LayoutViewState {
  const [state, setState] = useState<LayoutViewState>({});
  const load = useCallback(async (): Promise<void> => {
    const result = await api['layout:get']({});
    setState(result.ok ? { view: result.value } : { error: result.error });
  }, [api]);

  useEffect(() => {
    let live = true;
    const reload = (): void => void (live && load());
    reload();
    const stop = api.onEvent((events) => {
      if (events.some((e) => e.type === 'layout:changed')) reload();
    });
    return () => {
      live = false;
      stop();
    };
  }, [api, load]);
  return state;
}
