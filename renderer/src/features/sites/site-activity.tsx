/**
 * Site → Activity: every write made to the current site's devices — password
 * changes, pools, locate LED, restarts, reboots — newest first, with who (the laptop), what, the summary
 * line and each device's outcome; filtered to one device on request. Loaded when shown and on "Refresh".
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { currentSiteName } from '../../stores/current-site';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { ActivityState } from './activity-list';

export function SiteActivity(): ReactNode {
  const { activity, deviceId, requested, rows, siteName } = useRootStore(
    useShallow((s) => ({
      activity: s.siteActivity,
      deviceId: s.activityDeviceId,
      requested: s.siteActivityRequested,
      rows: s.rows,
      siteName: currentSiteName(s),
    })),
  );
  const { t } = useT();
  useEffect(() => {
    void requested();
  }, [requested]);
  const devices = [...rows].sort((a, b) => a.addressKey.localeCompare(b.addressKey));

  return (
    <section aria-labelledby="site-activity-title">
      <h3 id="site-activity-title">
        {siteName !== undefined ? t('sites.activity.titleOf', { site: siteName }) : t('sites.activity.title')}
      </h3>
      <p className="field-hint">{t('sites.activity.hint')}</p>
      <div className="activity-filter">
        <div className="field">
          <label htmlFor="activity-device" className="field-label">
            {t('sites.activity.device')}
          </label>
          <select
            id="activity-device"
            value={deviceId ?? ''}
            onChange={(e) => void requested(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">{t('sites.activity.everyDevice')}</option>
            {devices.map((row) => (
              <option key={row.id} value={row.id}>
                {row.host}
                {row.hostname !== null ? ` (${row.hostname})` : ''}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={() => void requested()}>
          {t('sites.activity.refresh')}
        </button>
      </div>
      <ActivityState
        activity={activity}
        empty={deviceId === undefined ? t('sites.activity.emptySite') : t('sites.activity.emptyDevice')}
      />
    </section>
  );
}
