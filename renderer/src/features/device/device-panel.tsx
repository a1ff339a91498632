/**
 * One device in detail, beside the fleet table: readings, history charts, pools and hash boards, the raw
 * JSON it sent, and its credential actions. Refreshed every two seconds while open; Escape or the close
 * button closes it. Tabs are Radix's (arrow keys move between them, as screen readers expect).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { STATE_LOOKS } from '../../lib/states';
import { useRootStore } from '../../stores/root-store';
import { AcceptanceBadge } from '../fleet/acceptance-badge';
import { CredentialActions } from './credential-actions';
import { DeviceAcceptance } from './device-acceptance';
import { DeviceActivity } from './device-activity';
import { DeviceLocation } from './device-location';
import { DeviceActions } from './device-actions';
import { DeviceReadings } from './device-readings';
import { PoolsAndBoards } from './pools-and-boards';
import { RawJson } from './raw-json';
import './device.css';

const REFRESH_MS = 2000;

/** The chart library loads only when a history tab is first shown: it is not needed for first paint. */
const DeviceHistory = lazy(() => import('./device-history').then((m) => ({ default: m.DeviceHistory })));

export function DevicePanel(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { detail, deviceDetailRefreshed, devicePanelClosed } = useRootStore(
    useShallow((s) => ({
      detail: s.deviceDetail,
      deviceDetailRefreshed: s.deviceDetailRefreshed,
      devicePanelClosed: s.devicePanelClosed,
    })),
  );

  useEffect(() => {
    const timer = setInterval(() => void deviceDetailRefreshed(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [deviceDetailRefreshed]);

  const device = detail.status === 'ready' ? detail.value.device : undefined;
  const state = device?.view?.state ?? 'not-watched';
  const look = STATE_LOOKS[state];

  return (
    <aside className="device-panel" aria-labelledby="device-panel-title">
      <header className="panel-header">
        <div>
          <h2 id="device-panel-title" className="panel-title mono">
            {device?.address.replace(/^https?:\/\//, '') ?? t('device.panel.title')}
          </h2>
          {device !== undefined && (
            <p className="panel-sub">
              <span className={`badge badge-${look.tone}`}>{t(look.text)}</span>{' '}
              <AcceptanceBadge deviceId={device.deviceId} />{' '}
              {device.credentials.factoryPassword === true && (
                <>
                  <span className="badge badge-bad" data-credential="factory-password">
                    {t('device.panel.factoryPassword')}
                  </span>{' '}
                </>
              )}
              {[device.identity.hostname, device.identity.model].filter((x) => x !== null).join(' · ')}
            </p>
          )}
          {device !== undefined && <DeviceLocation deviceId={device.deviceId} />}
        </div>
        <button
          type="button"
          className="button"
          onClick={devicePanelClosed}
          aria-label={t('device.panel.closeLabel')}
        >
          {t('device.panel.close')}
        </button>
      </header>
      {detail.status === 'loading' && <p className="field-hint">{t('device.panel.loading')}</p>}
      {detail.status === 'error' && (
        <p className="field-error" role="alert">
          {errorText(tr, detail.error)}
        </p>
      )}
      {detail.status === 'ready' && (
        <DeviceActions key={detail.value.device.deviceId} detail={detail.value} />
      )}
      {detail.status === 'ready' && (
        <Tabs.Root defaultValue="readings" className="tabs">
          <Tabs.List className="tab-list" aria-label={t('device.panel.tabs')}>
            <Tabs.Trigger value="readings" className="tab">
              {t('device.tab.readings')}
            </Tabs.Trigger>
            <Tabs.Trigger value="history" className="tab">
              {t('device.tab.history')}
            </Tabs.Trigger>
            <Tabs.Trigger value="pools" className="tab">
              {t('device.tab.pools')}
            </Tabs.Trigger>
            <Tabs.Trigger value="raw" className="tab">
              {t('device.tab.raw')}
            </Tabs.Trigger>
            <Tabs.Trigger value="credentials" className="tab">
              {t('device.tab.credentials')}
            </Tabs.Trigger>
            <Tabs.Trigger value="activity" className="tab">
              {t('device.tab.activity')}
            </Tabs.Trigger>
            <Tabs.Trigger value="acceptance" className="tab">
              {t('device.tab.acceptance')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="readings" className="tab-panel">
            <DeviceReadings detail={detail.value} />
          </Tabs.Content>
          <Tabs.Content value="history" className="tab-panel">
            <Suspense fallback={<p className="field-hint">{t('device.panel.loadingCharts')}</p>}>
              <DeviceHistory detail={detail.value} />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="pools" className="tab-panel">
            <PoolsAndBoards detail={detail.value} />
          </Tabs.Content>
          <Tabs.Content value="raw" className="tab-panel">
            <RawJson detail={detail.value} />
          </Tabs.Content>
          <Tabs.Content value="credentials" className="tab-panel">
            <CredentialActions detail={detail.value} />
          </Tabs.Content>
          <Tabs.Content value="activity" className="tab-panel">
            <DeviceActivity deviceId={detail.value.device.deviceId} />
          </Tabs.Content>
          <Tabs.Content value="acceptance" className="tab-panel">
            <DeviceAcceptance deviceId={detail.value.device.deviceId} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </aside>
  );
}
