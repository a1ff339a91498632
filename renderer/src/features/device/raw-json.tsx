/** Exactly what the device sent (status, summary, info), for support and for firmware surprises. */
import type { ReactNode } from 'react';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';

const PARTS = [
  { key: 'status', title: 'Status (GET /api/v1/status)' },
  { key: 'summary', title: 'Summary (GET /api/v1/summary)' },
  { key: 'info', title: 'Info (GET /api/v1/info)' },
] as const;

export function RawJson({ detail }: { detail: DeviceDetailView }): ReactNode {
  const { raw } = detail;
  return (
    <div className="raw-json">
      {raw.at !== undefined && <p className="field-hint">Read at {new Date(raw.at).toLocaleTimeString()}.</p>}
      {PARTS.map((part) => (
        <details key={part.key} open={part.key === 'status'}>
          <summary>{part.title}</summary>
          {raw[part.key] === undefined ? (
            <p className="field-hint">Not read (the device does not have it, or has not answered yet).</p>
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
