/**
 * The frame every view lives in: the app's name, the main navigation and a status line. The views
 * themselves (Discover, Fleet, Settings, Report) arrive with their issues; until then their tabs are
 * shown, disabled, so the shape of the app is visible from the first build.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useRootStore } from '../stores/root-store';
import { StatusLine } from './status-line';

const VIEWS = [
  { id: 'discover', label: 'Discover', hint: 'Find the devices on this network' },
  { id: 'fleet', label: 'Fleet', hint: 'Unlock, provision and monitor every device' },
  { id: 'settings', label: 'Settings', hint: 'Polling, timeouts, thresholds, keychain' },
  { id: 'report', label: 'Report', hint: 'Hand the site over' },
] as const;

export function AppShell(): ReactNode {
  const loadAppInfo = useRootStore((state) => state.loadAppInfo);

  useEffect(() => {
    void loadAppInfo();
  }, [loadAppInfo]);

  return (
    <div className="shell">
      <header className="shell-header">
        <h1 className="shell-title">Minerdeck</h1>
        <nav className="shell-nav" aria-label="Main">
          <ul>
            {VIEWS.map((view) => (
              <li key={view.id}>
                <button type="button" className="nav-tab" disabled title={`${view.hint} (coming soon)`}>
                  {view.label}
                  <span className="nav-badge">coming</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="shell-main">
        <section className="welcome" aria-labelledby="welcome-title">
          <h2 id="welcome-title">Commission a site, start to finish</h2>
          <ol className="welcome-steps">
            {VIEWS.map((view) => (
              <li key={view.id}>
                <strong>{view.label}</strong> — {view.hint}
              </li>
            ))}
          </ol>
          <p className="welcome-note">These views are being built; the shell is ready for them.</p>
        </section>
      </main>
      <footer className="shell-footer">
        <StatusLine />
      </footer>
    </div>
  );
}
