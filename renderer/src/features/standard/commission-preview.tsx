/**
 * The Commission preview: the devices grouped by the steps they need, biggest group first ("150 devices:
 * replace the factory password, set pools"; "20 devices: no change"; "3 devices skipped: offline"), then
 * every device with its own steps, folded away and drawn only when opened (a few hundred lines at most,
 * the rest counted): a site of thousands previews as fast as one of ten.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { CommissionPlan, CommissionPlanEntry } from '../../../../shared/domain/standard';
import { shortAddress } from '../../../../shared/format/acceptance-text';
import { useT } from '../../i18n/i18n-provider';
import { madeWords, planGroupMessages } from './drift-words';

/** Devices listed one by one when the list is opened; the rest are counted. */
export const LISTED_DEVICES = 500;

const rank = (e: CommissionPlanEntry): number => (e.skip !== undefined ? 1 : e.steps.length > 0 ? 0 : 2);

function DeviceList({ plan }: { plan: CommissionPlan }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const entries = [...plan.entries].sort((a, b) => rank(a) - rank(b));
  const listed = entries.slice(0, LISTED_DEVICES);
  return (
    <ul className="commission-devices" aria-label={t('standard.preview.eachDeviceSteps')}>
      {listed.map((entry) => (
        <li key={entry.deviceId} data-skip={entry.skip ?? 'no'}>
          <span className="mono">{shortAddress(entry.address)}</span>:{' '}
          {entry.skip !== undefined ? (
            <span className="outcome-skipped">
              {t('standard.preview.skipped', { detail: madeWords(tr, entry.detail) })}
            </span>
          ) : entry.steps.length === 0 ? (
            <span className="drift-idle">{t('standard.preview.noChange')}</span>
          ) : (
            entry.steps.map((step) => madeWords(tr, step.words, (step as { text?: unknown }).text)).join(', ')
          )}
        </li>
      ))}
      {entries.length > listed.length && (
        <li className="outcome-more">{t('standard.more', { count: entries.length - listed.length })}</li>
      )}
    </ul>
  );
}

export function CommissionPreview({ plan }: { plan: CommissionPlan }): ReactNode {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ul className="commission-groups" aria-label={t('standard.preview.groups')}>
        {planGroupMessages(plan).map((line) => (
          <li key={line.key} data-tone={line.tone}>
            {t(line.text)}
          </li>
        ))}
      </ul>
      <details className="commission-every" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{t('standard.preview.everyDevice')}</summary>
        {open && <DeviceList plan={plan} />}
      </details>
    </>
  );
}
