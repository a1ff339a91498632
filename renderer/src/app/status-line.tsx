/** The footer line: version and platform when app:info answers, what went wrong (and a retry) if not. */
import type { ReactNode } from 'react';
import { useRootStore } from '../stores/root-store';

const PLATFORM_NAMES: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

export function StatusLine(): ReactNode {
  const appInfo = useRootStore((state) => state.appInfo);
  const loadAppInfo = useRootStore((state) => state.loadAppInfo);

  switch (appInfo.status) {
    case 'idle':
    case 'loading':
      return (
        <p className="status-line" role="status">
          Starting…
        </p>
      );
    case 'ready': {
      const { version, platform, versions } = appInfo.value;
      const electron = versions.electron === undefined ? '' : ` · Electron ${versions.electron}`;
      return (
        <p className="status-line" role="status">
          Minerdeck {version} · {PLATFORM_NAMES[platform] ?? platform}
          {electron}
        </p>
      );
    }
    case 'error':
      return (
        <p className="status-line status-line-error" role="alert">
          Could not read the app information: {appInfo.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void loadAppInfo()}>
            Try again
          </button>
        </p>
      );
  }
}
