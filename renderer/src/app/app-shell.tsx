/**
 * The frame every view lives in: the app's name, the main navigation, the keychain warning when secrets
 * cannot be kept, the current site (always visible), the current view, and a status line. Keyboard:
 * Alt+1…6 switch views, `/` or Ctrl+F
 * search (fleet) or type targets (discover), Ctrl/Cmd+A selects every shown device, Escape closes panels.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DiscoverView } from '../features/discover/discover-view';
import { FleetView } from '../features/fleet/fleet-view';
import { RacksView } from '../features/racks/racks-view';
import { ReportView } from '../features/report/report-view';
import { SettingsView } from '../features/settings/settings-view';
import { SitesView } from '../features/sites/sites-view';
import type { ViewId } from '../stores/app-slice';
import { useRootStore } from '../stores/root-store';
import { KeychainBanner } from './keychain-banner';
import { SiteSwitcher } from './site-switcher';
import { StatusLine } from './status-line';
import { useShortcuts } from './use-shortcuts';

const VIEWS: readonly { id: ViewId; label: string; hint: string }[] = [
  { id: 'discover', label: 'Discover', hint: 'Find the devices on this network (Alt+1)' },
  { id: 'fleet', label: 'Fleet', hint: 'Unlock, create API keys and watch every device (Alt+2)' },
  { id: 'racks', label: 'Racks', hint: 'Where every device stands: the rack map and its editor (Alt+3)' },
  { id: 'sites', label: 'Sites', hint: 'Create, switch, import and export sites (Alt+4)' },
  { id: 'report', label: 'Report', hint: 'The hand-over report: preview and save (Alt+5)' },
  { id: 'settings', label: 'Settings', hint: 'Polling, timeouts, thresholds, keychain (Alt+6)' },
];

const VIEW_COMPONENTS: Record<ViewId, () => ReactNode> = {
  discover: DiscoverView,
  fleet: FleetView,
  racks: RacksView,
  sites: SitesView,
  report: ReportView,
  settings: SettingsView,
};

export function AppShell(): ReactNode {
  const {
    view,
    viewChosen,
    loadAppInfo,
    keychainRequested,
    fleetRequested,
    settingsRequested,
    sitesRequested,
    acceptanceLoaded,
    layoutRequested,
  } = useRootStore(
    useShallow((s) => ({
      view: s.view,
      viewChosen: s.viewChosen,
      loadAppInfo: s.loadAppInfo,
      keychainRequested: s.keychainRequested,
      fleetRequested: s.fleetRequested,
      settingsRequested: s.settingsRequested,
      sitesRequested: s.sitesRequested,
      acceptanceLoaded: s.acceptanceLoaded,
      layoutRequested: s.layoutRequested,
    })),
  );
  const View = VIEW_COMPONENTS[view];
  const fleetSize = useRootStore((s) => s.rows.length);
  useShortcuts();

  useEffect(() => {
    void loadAppInfo();
    void keychainRequested();
    void fleetRequested();
    void settingsRequested();
    void sitesRequested();
    void acceptanceLoaded();
    // The fleet's Location column and "where" filter read the layout, not only the Racks view.
    void layoutRequested();
  }, [
    loadAppInfo,
    keychainRequested,
    fleetRequested,
    settingsRequested,
    sitesRequested,
    acceptanceLoaded,
    layoutRequested,
  ]);

  return (
    <div className="shell">
      <header className="shell-header">
        <h1 className="shell-title">Minerdeck</h1>
        <nav className="shell-nav" aria-label="Main">
          <ul>
            {VIEWS.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  className="nav-tab"
                  aria-current={view === v.id ? 'page' : undefined}
                  title={v.hint}
                  onClick={() => viewChosen(v.id)}
                >
                  {v.label}
                  {v.id === 'fleet' && fleetSize > 0 ? (
                    <span className="nav-count">{fleetSize.toLocaleString('en-US')}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <SiteSwitcher />
      </header>
      <KeychainBanner />
      <main className="shell-main">
        <View />
      </main>
      <footer className="shell-footer">
        <StatusLine />
      </footer>
    </div>
  );
}
