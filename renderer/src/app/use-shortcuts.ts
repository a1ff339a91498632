/**
 * The app's keyboard shortcuts, one listener on the window. Ctrl/Cmd+A selects every device the fleet
 * shows, but only when focus is not in a text field (where it must still select the text).
 */
import { useEffect } from 'react';
import { visibleRowIds } from '../features/fleet/visible-rows';
import { useStoreApi } from '../stores/root-store';

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The element each view focuses for "search". */
const SEARCH_TARGETS = {
  fleet: 'fleet-search',
  racks: 'racks-search',
  discover: 'scan-targets',
  sites: undefined,
  report: undefined,
  settings: undefined,
} as const;

/** Alt+1… in the order of the navigation. */
const VIEW_KEYS = ['discover', 'fleet', 'racks', 'sites', 'report', 'settings'] as const;

export function useShortcuts(): void {
  const store = useStoreApi();
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const state = store.getState();
      const mod = event.ctrlKey || event.metaKey;
      const view = event.altKey ? VIEW_KEYS[Number(event.key) - 1] : undefined;
      if (view !== undefined) {
        event.preventDefault();
        state.viewChosen(view);
        return;
      }
      if ((mod && event.key.toLowerCase() === 'f') || (event.key === '/' && !isTyping(event.target))) {
        const id = SEARCH_TARGETS[state.view];
        const field = id === undefined ? null : document.getElementById(id);
        if (field !== null) {
          event.preventDefault();
          field.focus();
        }
        return;
      }
      if (mod && event.key.toLowerCase() === 'a' && state.view === 'fleet' && !isTyping(event.target)) {
        event.preventDefault();
        state.devicesSelected(visibleRowIds(state));
        return;
      }
      if (event.key === 'Escape' && state.openDeviceId !== undefined && !event.defaultPrevented) {
        state.devicePanelClosed();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
