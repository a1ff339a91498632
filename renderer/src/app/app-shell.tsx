/**
 * The frame every view lives in: the app's name, the main navigation, the keychain warning when secrets
 * cannot be kept, the current site (always visible), the current view, and a status line. Keyboard:
 * Alt+1…6 switch views, `/` or Ctrl+F
 * search (fleet) or type targets (discover), Ctrl/Cmd+A selects every shown device, Escape closes panels.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MessageId } from '../../../shared/i18n/catalogs';
import { numberText } from '../../../shared/i18n/formats';
import { DiscoverView } from '../features/discover/discover-view';
import { FleetView } from '../features/fleet/fleet-view';
import { RacksView } from '../features/racks/racks-view';
import { ReportView } from '../features/report/report-view';
import { SettingsView } from '../features/settings/settings-view';
import { SitesView } from '../features/sites/sites-view';
import { useT } from '../i18n/i18n-provider';
import type { ViewId } from '../stores/app-slice';
import { useRootStore } from '../stores/root-store';
import { KeychainBanner } from './keychain-banner';
import { SiteSwitcher } from './site-switcher';
import { StatusLine } from './status-line';
import { useShortcuts } from './use-shortcuts';

/** The views in the navigation's order (Alt+1…), each with its label and hint in the catalog. */
const VIEWS: readonly { id: ViewId; label: MessageId; hint: MessageId }[] = [
  { id: 'discover', label: 'common.shell.nav.discover', hint: 'common.shell.hint.discover' },
  { id: 'fleet', label: 'common.shell.nav.fleet', hint: 'common.shell.hint.fleet' },
  { id: 'racks', label: 'common.shell.nav.racks', hint: 'common.shell.hint.racks' },
  { id: 'sites', label: 'common.shell.nav.sites', hint: 'common.shell.hint.sites' },
  { id: 'report', label: 'common.shell.nav.report', hint: 'common.shell.hint.report' },
  { id: 'settings', label: 'common.shell.nav.settings', hint: 'common.shell.hint.settings' },
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
  const tr = useT();
  const { t } = tr;
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
        <h1 className="shell-title">{t('common.shell.appName')}</h1>
        <nav className="shell-nav" aria-label={t('common.shell.nav.label')}>
          <ul>
            {VIEWS.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  className="nav-tab"
                  aria-current={view === v.id ? 'page' : undefined}
                  title={t(v.hint)}
                  onClick={() => viewChosen(v.id)}
                >
                  {t(v.label)}
                  {v.id === 'fleet' && fleetSize > 0 ? (
                    <span className="nav-count">{numberText(tr, fleetSize)}</span>
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
