/**
 * Activity entries as a technician reads them, newest first: when, which laptop, the one-line summary
 * ("pools set on 198 of 200 devices; 2 failed"), what was asked, and — folded, since a fleet-wide write
 * has a line per device — each device's outcome. Used by Site → Activity and by the device panel (where
 * each entry holds that device's line only, shown unfolded).
 */
import type { ReactNode } from 'react';
import { dateTimeText, numberText } from '../../../../shared/i18n/formats';
import { errorText } from '../../../../shared/i18n/local-text';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import type { ActivityItem } from '../../stores/activity-slice';
import { madeWords } from '../standard/drift-words';
import type { AsyncState } from '../../stores/async-state';
import './activity.css';

/** The action in words (shared/domain/commission.ts ACTIVITY_WORDS, which ships zod with it). */
const ACTION_WORDS: Readonly<Record<ActivityItem['action'], MessageId>> = {
  'password-change': 'sites.activity.action.passwordChange',
  pools: 'sites.activity.action.pools',
  locate: 'sites.activity.action.locate',
  'restart-mining': 'sites.activity.action.restartMining',
  reboot: 'sites.activity.action.reboot',
  'api-key': 'sites.activity.action.apiKey',
  firmware: 'sites.activity.action.firmware',
  'power-profile': 'sites.activity.action.powerProfile',
  location: 'sites.activity.action.location',
};

const OUTCOME_WORDS = {
  done: 'sites.activity.outcome.done',
  failed: 'sites.activity.outcome.failed',
  unknown: 'sites.activity.outcome.unknown',
  skipped: 'sites.activity.outcome.skipped',
} as const satisfies Record<string, MessageId>;
const OUTCOME_TONES = { done: 'good', failed: 'bad', unknown: 'warn', skipped: 'idle' } as const;

const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

/**
 * A firmware rollout's entry before a device's verdict (its upload about to start, or the image taken and
 * the device rebooting): where the update was, not an outcome — its verdict is a later entry.
 */
const underWay = (item: ActivityItem): boolean =>
  item.action === 'firmware' && item.firmware !== undefined && item.firmware.phase !== 'verdict';

/** An entry's words main made: its `text` when main sends one (issue 35), else its English. */
const entryText = (tr: Translator, words: string, made: object): string =>
  madeWords(tr, words, (made as { text?: unknown }).text);

function Outcomes({ item }: { item: ActivityItem }): ReactNode {
  const tr = useT();
  const { t } = tr;
  return (
    <table className="data-table activity-outcomes" aria-label={t('sites.activity.perDevice')}>
      <thead>
        <tr>
          <th scope="col">{t('sites.activity.col.device')}</th>
          <th scope="col">{t('sites.activity.col.outcome')}</th>
          <th scope="col">{t('sites.activity.col.message')}</th>
        </tr>
      </thead>
      <tbody>
        {item.devices.map((device) => (
          <tr key={device.deviceId} data-outcome={device.outcome}>
            <td className="mono">{hostOf(device.address)}</td>
            <td>
              <span className={`badge badge-${OUTCOME_TONES[device.outcome]}`}>
                {t(OUTCOME_WORDS[device.outcome])}
              </span>
            </td>
            <td>{entryText(tr, device.message, device)}</td>
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
  const tr = useT();
  const { t } = tr;
  return (
    <ol className="activity-list" aria-label={t('sites.activity.listLabel')}>
      {items.map((item) => (
        <li key={item.id} className="activity-entry" data-action={item.action}>
          <div className="activity-head">
            <time dateTime={item.at} className="activity-time">
              {dateTimeText(tr, new Date(item.at))}
            </time>
            <span className="activity-by" title={t('sites.activity.byTitle')}>
              {item.by}
            </span>
          </div>
          {oneDevice ? (
            <p className="activity-summary">
              {item.devices.map((device) => (
                <span key={device.deviceId}>
                  {underWay(item) ? (
                    <span className="badge badge-idle">{t('sites.activity.underWay')}</span>
                  ) : (
                    <span className={`badge badge-${OUTCOME_TONES[device.outcome]}`}>
                      {t(OUTCOME_WORDS[device.outcome])}
                    </span>
                  )}{' '}
                  {t('sites.activity.deviceLine', {
                    action: t(ACTION_WORDS[item.action]),
                    message: entryText(tr, device.message, device),
                  })}
                </span>
              ))}
            </p>
          ) : (
            <p className="activity-summary">{entryText(tr, item.summary, item)}</p>
          )}
          <p className="activity-what">{item.what}</p>
          {!oneDevice && (
            <details className="activity-details">
              <summary>
                {t('sites.activity.perDeviceCount', { count: numberText(tr, item.devices.length) })}
              </summary>
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
  const tr = useT();
  if (activity.status === 'loading') return <p className="field-hint">{tr.t('sites.activity.loading')}</p>;
  if (activity.status === 'error') {
    return (
      <p className="field-error" role="alert">
        {errorText(tr, activity.error)}
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
