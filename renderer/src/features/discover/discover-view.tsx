/** Discover: type or pick the site's subnet, scan, watch devices stream in, add them to the fleet. */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useRootStore } from '../../stores/root-store';
import { ScanControls } from './scan-controls';
import { ScanProgressBar } from './scan-progress';
import { ScanResults } from './scan-results';
import { TargetsField } from './targets-field';
import './discover.css';

export function DiscoverView(): ReactNode {
  const suggestionsRequested = useRootStore((s) => s.suggestionsRequested);
  useEffect(() => {
    void suggestionsRequested();
  }, [suggestionsRequested]);

  return (
    <section className="view discover" aria-labelledby="discover-title">
      <h2 id="discover-title">Find the devices on this network</h2>
      <p className="view-lead">
        Only anonymous reads are sent while scanning: no password, nothing that could lock a device.
      </p>
      <TargetsField />
      <ScanControls />
      <ScanProgressBar />
      <ScanResults />
    </section>
  );
}
