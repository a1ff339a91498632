/**
 * The current site, always in the header: the fleet, scans, imports and the report are all about it.
 * Switching here switches the monitored fleet (main watches the current site's devices).
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../shared/i18n/local-text';
import { useT } from '../i18n/i18n-provider';
import { useRootStore } from '../stores/root-store';
import './site-switcher.css';

export function SiteSwitcher(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { sites, busy, siteChosen, viewChosen } = useRootStore(
    useShallow((s) => ({
      sites: s.sites,
      busy: s.sitesBusy,
      siteChosen: s.siteChosen,
      viewChosen: s.viewChosen,
    })),
  );
  if (sites.status !== 'ready') {
    return (
      <p className="site-switcher" aria-live="polite">
        {sites.status === 'error'
          ? t('common.shell.site.unavailable', { error: errorText(tr, sites.error) })
          : t('common.shell.site.loading')}
      </p>
    );
  }
  const { sites: list, currentSiteId } = sites.value;
  if (list.length === 0 || currentSiteId === null) {
    return (
      <div className="site-switcher">
        <span className="site-switcher-none">{t('common.shell.site.none')}</span>
        <button type="button" className="button" onClick={() => viewChosen('sites')}>
          {t('common.shell.site.choose')}
        </button>
      </div>
    );
  }
  return (
    <div className="site-switcher">
      <label htmlFor="current-site" className="site-switcher-label">
        {t('common.shell.site.label')}
      </label>
      <select
        id="current-site"
        value={currentSiteId}
        disabled={busy}
        title={t('common.shell.site.title')}
        onChange={(e) => void siteChosen(e.target.value)}
      >
        {list.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </select>
    </div>
  );
}
