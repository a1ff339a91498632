/**
 * The current site as the technician knows it: by its name ("Site 1"), never by its id — what the site
 * switcher shows, the dialogs that store a site password, and the site's activity all say the same.
 */
import type { RootState } from './root-store';

export const currentSiteName = (state: RootState): string | undefined =>
  state.sites.status === 'ready' ? state.sites.value.sites.find((site) => site.current)?.name : undefined;
