/**
 * Activity entries as a technician reads them, newest first: when, which laptop, the one-line summary
 * ("pools set on 198 of 200 devices; 2 failed"), what was asked, and — folded, since a fleet-wide write
 * has a line per device — each device's outcome. Used by Site → Activity and by the device panel (where
 * each entry holds that device's line only, shown unfolded).
 */
import type { ReactNode } from 'react';
import { localTime } from '../../../../shared/format/report-text';
import type { ActivityItem } from '../../stores/activity-slice';
import type { AsyncState } from '../../stores/async-state';
import './activity.css';

/** The action in words (shared/domain/commission.ts ACTIVITY_WORDS, which ships zod with it). */
const ACTION_WORDS: Record<ActivityItem['action'], string> = {
  'password-change': 'Password change',
  pools: 'Pools set',
  locate: 'Locate LED',
  'restart-mining': 'Mining restart',
  reboot: 'Reboot',
  'api-key': 'API key',
  firmware: 'Firmware update',
  'power-profile': 'Power profile',
  location: 'Location',
};

const OUTCOME_WORDS = {
  done: 'Done',
  failed: 'Failed',
  unknown: 'Unknown — check',
  skipped: 'Skipped',
} as const;
const OUTCOME_TONES = { done: 'good', failed: 'bad', unknown: 'warn', skipped: 'idle' } as const;

const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

/**
 * A firmware rollout's entry before a device's verdict (its upload about to start, or the image taken and
 * the device rebooting): where the update was, not an outcome — its verdict is a later entry.
 */
const underWay = (item: ActivityItem): boolean =>
  item.action === 'firmware' && item.firmware !== undefined && item.firmware.phase !== 'verdict';

function Outcomes({ item }: { item: ActivityItem }): ReactNode {
  return (
    <table className="data-table activity-outcomes" aria-label="Outcome per device">
      <thead>
        <tr>
          <th scope="col">Device</th>
          <th scope="col">Outcome</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {item.devices.map((device) => (
          <tr key={device.deviceId} data-outcome={device.outcome}>
            <td className="mono">{hostOf(device.address)}</td>
            <td>
              <span className={`badge badge-${OUTCOME_TONES[device.outcome]}`}>
                {OUTCOME_WORDS[device.outcome]}
              </span>
            </td>
            <td>{device.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ActivityList({
  items,
  oneDevice = false,
}: {
  items: readonly ActivityItem[];
  /** Each entry is one device's part: its outcome is shown in the line, not folded. */
  oneDevice?: boolean;
}): ReactNode {
  return (
    <ol className="activity-list" aria-label="Activity, newest first">
      {items.map((item) => (
        <li key={item.id} className="activity-entry" data-action={item.action}>
          <div className="activity-head">
            <time dateTime={item.at} className="activity-time">
              {localTime(item.at)}
            </time>
            <span className="activity-by" title="The laptop that made this write">
              {item.by}
            </span>
          </div>
          {oneDevice ? (
            <p className="activity-summary">
              {item.devices.map((device) => (
                <span key={device.deviceId}>
                  {underWay(item) ? (
                    <span className="badge badge-idle">Under way</span>
                  ) : (
                    <span className={`badge badge-${OUTCOME_TONES[device.outcome]}`}>
                      {OUTCOME_WORDS[device.outcome]}
                    </span>
                  )}{' '}
                  {ACTION_WORDS[item.action]}: {device.message}
                </span>
              ))}
            </p>
          ) : (
            <p className="activity-summary">{item.summary}</p>
          )}
          <p className="activity-what">{item.what}</p>
          {!oneDevice && (
            <details className="activity-details">
              <summary>Outcome per device ({item.devices.length.toLocaleString('en-US')})</summary>
              <Outcomes item={item} />
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The activity as it loads: "Loading…", the error, the words for an empty log, or the list. */
export function ActivityState({
  activity,
  empty,
  oneDevice = false,
}: {
  activity: AsyncState<ActivityItem[]>;
  empty: string;
  oneDevice?: boolean;
}): ReactNode {
  if (activity.status === 'loading') return <p className="field-hint">Loading…</p>;
  if (activity.status === 'error') {
    return (
      <p className="field-error" role="alert">
        {activity.error.message}
      </p>
    );
  }
  if (activity.status !== 'ready') return null;
  return activity.value.length === 0 ? (
    <p className="field-hint">{empty}</p>
  ) : (
    <ActivityList items={activity.value} oneDevice={oneDevice} />
  );
}
