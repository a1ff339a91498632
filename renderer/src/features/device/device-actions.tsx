/**
 * The open device's own site-setup actions: blink its locate LED (for 10 minutes) or turn it
 * off, restart its mining, reboot it — the last two after a confirmation. Each runs like the bulk
 * actions (the fleet row's Last action says it too) and its outcome is said here in one sentence.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { WriteResult } from '../../../../shared/domain/commission';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { ConfirmDialog } from '../fleet/confirm-dialog';
import type { PowerAction } from '../../stores/device-actions-slice';
import { useRootStore } from '../../stores/root-store';

const LED_MINUTES = 10;

const CONFIRM: Record<PowerAction, { title: string; message: string; label: string }> = {
  'restart-mining': {
    title: 'Restart mining on this device?',
    message:
      'Its hash rate drops while mining starts again; the fleet shows it as restarting, not as an alarm.',
    label: 'Restart mining',
  },
  reboot: {
    title: 'Reboot this device?',
    message:
      'It drops off the network for a minute or two; the fleet shows it as rebooting, not as offline, and unlocks it again when it is back.',
    label: 'Reboot',
  },
};

export function DeviceActions({ detail }: { detail: DeviceDetailView }): ReactNode {
  const { ledRequested, powerRequested, running } = useRootStore(
    useShallow((s) => ({
      ledRequested: s.ledRequested,
      powerRequested: s.powerRequested,
      running: s.bulk.status === 'running',
    })),
  );
  const [confirm, setConfirm] = useState<PowerAction | undefined>(undefined);
  const [said, setSaid] = useState<{ ok: boolean; message: string } | undefined>(undefined);
  const { deviceId } = detail.device;
  const ledOn = detail.reading?.flags?.locateLed === true;
  const state = detail.device.view?.state;
  const away = state === 'rebooting' || state === 'offline';

  const tell = (results: readonly WriteResult[]): void => {
    const result = results.find((r) => r.deviceId === deviceId);
    if (result !== undefined) setSaid({ ok: result.outcome === 'done', message: result.message });
  };

  return (
    <div className="device-actions" role="group" aria-label="Device actions">
      <button
        type="button"
        className="button"
        disabled={running || away}
        aria-pressed={ledOn}
        onClick={() => void ledRequested(!ledOn, LED_MINUTES, [deviceId]).then(tell)}
      >
        {ledOn ? 'Turn LED off' : `Blink LED (${LED_MINUTES} min)`}
      </button>
      <button
        type="button"
        className="button"
        disabled={running || away}
        onClick={() => setConfirm('restart-mining')}
      >
        Restart mining…
      </button>
      <button
        type="button"
        className="button button-danger"
        disabled={running || away}
        onClick={() => setConfirm('reboot')}
      >
        Reboot…
      </button>
      {said !== undefined && (
        <p className={said.ok ? 'notice-ok' : 'field-error'} role="status">
          {said.message}
        </p>
      )}
      {confirm !== undefined && (
        <ConfirmDialog
          title={CONFIRM[confirm].title}
          message={CONFIRM[confirm].message}
          confirmLabel={CONFIRM[confirm].label}
          onConfirm={() => void powerRequested(confirm, [deviceId]).then(tell)}
          onClose={() => setConfirm(undefined)}
        />
      )}
    </div>
  );
}
