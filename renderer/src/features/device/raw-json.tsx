/** Exactly what the device sent (status, summary, info), for support and for firmware surprises. */
import type { ReactNode } from 'react';
import { timeText } from '../../../../shared/i18n/formats';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { useT } from '../../i18n/i18n-provider';

const PARTS = [
  { key: 'status', title: 'device.raw.status' },
  { key: 'summary', title: 'device.raw.summary' },
  { key: 'info', title: 'device.raw.info' },
] as const;

export function RawJson({ detail }: { detail: DeviceDetailView }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { raw } = detail;
  return (
    <div className="raw-json">
      {raw.at !== undefined && (
        <p className="field-hint">{t('device.raw.readAt', { time: timeText(tr, new Date(raw.at)) })}</p>
      )}
      {PARTS.map((part) => (
        <details key={part.key} open={part.key === 'status'}>
          <summary>{t(part.title)}</summary>
          {raw[part.key] === undefined ? (
            <p className="field-hint">{t('device.raw.notRead')}</p>
          ) : (
            <pre className="json" tabIndex={0}>
              {JSON.stringify(raw[part.key], null, 2)}
            </pre>
          )}
        </details>
      ))}
    </div>
  );
}
