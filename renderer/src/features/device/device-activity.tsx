/**
 * The device panel's Activity tab: the writes made to this device (its line of each entry of the site's
 * activity log), newest first. Loaded when the tab opens and again with "Refresh"; the panel's
 * two-second refresh leaves it alone (the log changes only when someone writes).
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { ActivityState } from '../sites/activity-list';

export function DeviceActivity({ deviceId }: { deviceId: string }): ReactNode {
  const { t } = useT();
  const { activity, requested } = useRootStore(
    useShallow((s) => ({ activity: s.deviceActivity, requested: s.deviceActivityRequested })),
  );
  useEffect(() => {
    void requested(deviceId);
  }, [requested, deviceId]);
  return (
    <div className="device-activity">
      <div className="action-row">
        <button type="button" className="button" onClick={() => void requested(deviceId)}>
          {t('device.activity.refresh')}
        </button>
      </div>
      <ActivityState activity={activity} empty={t('device.activity.empty')} oneDevice />
    </div>
  );
}
