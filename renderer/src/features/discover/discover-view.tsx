/** Discover: type or pick the site's subnet, scan, watch devices stream in, add them to the fleet. */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { ScanControls } from './scan-controls';
import { ScanProgressBar } from './scan-progress';
import { ScanResults } from './scan-results';
import { TargetsField } from './targets-field';
import './discover.css';

export function DiscoverView(): ReactNode {
  const { t } = useT();
  const suggestionsRequested = useRootStore((s) => s.suggestionsRequested);
  useEffect(() => {
    void suggestionsRequested();
  }, [suggestionsRequested]);

  return (
    <section className="view discover" aria-labelledby="discover-title">
      <h2 id="discover-title">{t('discover.view.title')}</h2>
      <p className="view-lead">{t('discover.view.lead')}</p>
      <TargetsField />
      <ScanControls />
      <ScanProgressBar />
      <ScanResults />
    </section>
  );
}
