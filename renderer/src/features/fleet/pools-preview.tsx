/**
 * The preview of "Set pools…": the pools as they will be sent, then every selected device with the worker
 * it gets in each pool, before anything is sent. Devices a template gives no, an empty or another
 * device's worker are flagged (they are not sent a guess); devices that cannot be written to now are
 * skipped with the reason. Flagged and skipped devices come first: they are the ones to do something about.
 */
import type { ReactNode } from 'react';
import { withoutLogin } from '../../../../shared/domain/pool-url';
import type { PoolPlanEntry, PoolSpec } from '../../../../shared/domain/pools';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { madeText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';

const shownAddress = (address: string): string => address.replace(/^https?:\/\//, '');
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
/** The addresses a problem names, as the table shows them (`10.0.0.5:8080`, not `http://10.0.0.5:8080`). */
const shownDetail = (detail: string): string => detail.replace(/\bhttps?:\/\//g, '');

/** The kind of template problem, from the sentence worker-template.ts writes for it. */
export function flagOf(entry: Pick<PoolPlanEntry, 'skip' | 'detail'>): MessageId | undefined {
  if (entry.skip !== 'template') return undefined;
  if (/each device needs its own worker/.test(entry.detail))
    return 'fleet-actions.poolsPreview.flag.duplicate';
  if (/comes out empty/.test(entry.detail)) return 'fleet-actions.poolsPreview.flag.empty';
  if (/^no value for/.test(entry.detail)) return 'fleet-actions.poolsPreview.flag.missing';
  return 'fleet-actions.poolsPreview.flag.refused';
}

const rank = (e: PoolPlanEntry): number => (e.skip === 'template' ? 0 : e.send ? 2 : 1);

export function PoolsPreview({
  plan,
  pools,
}: {
  plan: readonly PoolPlanEntry[];
  pools: readonly PoolSpec[];
}): ReactNode {
  const sending = plan.filter((e) => e.send).length;
  const flagged = plan.filter((e) => e.skip === 'template').length;
  const skipped = plan.length - sending - flagged;
  const rows = [...plan].sort((a, b) => rank(a) - rank(b));
  const tr = useT();
  const { t } = tr;
  return (
    <>
      <ol className="pools-sent" aria-label={t('fleet-actions.poolsPreview.sent')}>
        {pools.map((pool, i) => (
          <li key={i}>
            <span className="mono">{withoutLogin(pool.url)}</span>, {t('fleet-actions.poolsPreview.worker')}{' '}
            <span className="mono">{pool.worker}</span>
            {pool.password === ''
              ? t('fleet-actions.poolsPreview.noPassword')
              : t('fleet-actions.poolsPreview.withPassword')}
          </li>
        ))}
      </ol>
      <p className="preview-summary" role="status">
        <strong>{t('fleet-actions.poolsPreview.sending', { count: sending })}</strong>
        {flagged > 0 ? t('fleet-actions.poolsPreview.flagged', { count: flagged }) : ''}
        {skipped > 0 ? t('fleet-actions.poolsPreview.skipped', { count: skipped }) : ''}
        {t('fleet-actions.common.period')}
      </p>
      <div className="table-scroll preview-scroll">
        <table
          className="data-table compact pools-preview"
          aria-label={t('fleet-actions.poolsPreview.table')}
        >
          <thead>
            <tr>
              <th scope="col">{t('fleet-actions.common.device')}</th>
              {pools.map((_, i) => (
                <th key={i} scope="col">
                  {t('fleet-actions.poolsForm.worker', { n: i + 1 })}
                </th>
              ))}
              <th scope="col">{t('fleet-actions.common.willItBeSet')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => {
              const flag = flagOf(entry);
              return (
                <tr
                  key={entry.deviceId}
                  data-send={entry.send ? 'yes' : 'no'}
                  data-flag={flag === undefined ? undefined : 'template'}
                >
                  <td className="preview-address">{shownAddress(entry.address) || entry.deviceId}</td>
                  {pools.map((_, i) => (
                    <td key={i} className="mono preview-worker">
                      {entry.slots?.[i]?.user ?? '–'}
                    </td>
                  ))}
                  <td>
                    {entry.send ? (
                      <span className="outcome-ok">{t('fleet-actions.common.willBeSet')}</span>
                    ) : flag !== undefined ? (
                      <>
                        <span className="outcome-bad">
                          {t('fleet-actions.poolsPreview.flagLabel', { flag: t(flag) })}
                        </span>
                        {shownDetail(entry.detail)}
                      </>
                    ) : (
                      <>
                        <span className="outcome-skipped">{t('fleet-actions.common.skippedBecause')}</span>
                        {sentence(shownDetail(madeText(tr, entry.detail, entry.detailText)))}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
