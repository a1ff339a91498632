/**
 * The preview of "Change password…": every selected device, whether its password will be changed or why
 * it is skipped (no known current password, locked out, offline…), before anything is sent. Skipped
 * devices come first: they are the ones a technician has to do something about.
 */
import type { ReactNode } from 'react';
import type { WritePlanEntry } from '../../../../shared/domain/commission';
import { madeText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';

/** `http://10.0.0.5:8080` → `10.0.0.5:8080`, as the fleet table shows it. */
const shownAddress = (address: string): string => address.replace(/^http:\/\//, '');

/** "offline: no answer" → "Offline: no answer". */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function PasswordPreview({ plan }: { plan: readonly WritePlanEntry[] }): ReactNode {
  const changing = plan.filter((e) => e.send).length;
  const skipped = plan.length - changing;
  const rows = [...plan.filter((e) => !e.send), ...plan.filter((e) => e.send)];
  const tr = useT();
  const { t } = tr;
  return (
    <>
      <p className="preview-summary" role="status">
        <strong>{t('fleet-actions.passwordPreview.changing', { count: changing })}</strong>
        {skipped > 0 ? t('fleet-actions.passwordPreview.skipped', { count: skipped }) : ''}
        {t('fleet-actions.common.period')}
      </p>
      <div className="table-scroll preview-scroll">
        <table className="data-table compact" aria-label={t('fleet-actions.passwordPreview.table')}>
          <thead>
            <tr>
              <th scope="col">{t('fleet-actions.common.device')}</th>
              <th scope="col">{t('fleet-actions.passwordPreview.change')}</th>
              <th scope="col">{t('fleet-actions.passwordPreview.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.deviceId} data-send={entry.send ? 'yes' : 'no'}>
                <td className="preview-address">{shownAddress(entry.address) || entry.deviceId}</td>
                <td className="preview-change">
                  {entry.send ? (
                    <span className="outcome-ok">{t('fleet-actions.passwordPreview.willChange')}</span>
                  ) : (
                    <span className="outcome-skipped">{t('fleet-actions.common.skipped')}</span>
                  )}
                </td>
                <td>{sentence(madeText(tr, entry.detail, entry.detailText))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
