/**
 * The open device's own site-setup actions: blink its locate LED (for 10 minutes) or turn it
 * off, restart its mining, reboot it — the last two after a confirmation. Each runs like the bulk
 * actions (the fleet row's Last action says it too) and its outcome is said here in one sentence.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { WriteResult } from '../../../../shared/domain/commission';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { localText } from '../../../../shared/i18n/local-text';
import type { LocalisableText } from '../../../../shared/i18n/local-text';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { useT } from '../../i18n/i18n-provider';
import { ConfirmDialog } from '../fleet/confirm-dialog';
import type { PowerAction } from '../../stores/device-actions-slice';
import { useRootStore } from '../../stores/root-store';

const LED_MINUTES = 10;

const CONFIRM: Record<PowerAction, { title: MessageId; message: MessageId; label: MessageId }> = {
  'restart-mining': {
    title: 'device.actions.restartTitle',
    message: 'device.actions.restartMessage',
    label: 'device.actions.restartConfirm',
  },
  reboot: {
    title: 'device.actions.rebootTitle',
    message: 'device.actions.rebootMessage',
    label: 'device.actions.rebootConfirm',
  },
};

export function DeviceActions({ detail }: { detail: DeviceDetailView }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { ledRequested, powerRequested, running } = useRootStore(
    useShallow((s) => ({
      ledRequested: s.ledRequested,
      powerRequested: s.powerRequested,
      running: s.bulk.status === 'running',
    })),
  );
  const [confirm, setConfirm] = useState<PowerAction | undefined>(undefined);
  const [said, setSaid] = useState<{ ok: boolean; said: LocalisableText } | undefined>(undefined);
  const { deviceId } = detail.device;
  const ledOn = detail.reading?.flags?.locateLed === true;
  const state = detail.device.view?.state;
  const away = state === 'rebooting' || state === 'offline';

  const tell = (results: readonly WriteResult[]): void => {
    const result = results.find((r) => r.deviceId === deviceId);
    if (result !== undefined) setSaid({ ok: result.outcome === 'done', said: result });
  };

  return (
    <div className="device-actions" role="group" aria-label={t('device.actions.label')}>
      <button
        type="button"
        className="button"
        disabled={running || away}
        aria-pressed={ledOn}
        onClick={() => void ledRequested(!ledOn, LED_MINUTES, [deviceId]).then(tell)}
      >
        {ledOn ? t('device.actions.ledOff') : t('device.actions.ledBlink', { minutes: LED_MINUTES })}
      </button>
      <button
        type="button"
        className="button"
        disabled={running || away}
        onClick={() => setConfirm('restart-mining')}
      >
        {t('device.actions.restart')}
      </button>
      <button
        type="button"
        className="button button-danger"
        disabled={running || away}
        onClick={() => setConfirm('reboot')}
      >
        {t('device.actions.reboot')}
      </button>
      {said !== undefined && (
        <p className={said.ok ? 'notice-ok' : 'field-error'} role="status">
          {localText(tr, said.said)}
        </p>
      )}
      {confirm !== undefined && (
        <ConfirmDialog
          title={t(CONFIRM[confirm].title)}
          message={t(CONFIRM[confirm].message)}
          confirmLabel={t(CONFIRM[confirm].label)}
          onConfirm={() => void powerRequested(confirm, [deviceId]).then(tell)}
          onClose={() => setConfirm(undefined)}
        />
      )}
    </div>
  );
}
