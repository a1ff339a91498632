/**
 * The pools the device mines for and its hash boards, as the device reported them. A pool url is shown
 * without the login some carry, and the firmware's own fee pool ("DevFee") is named as the firmware's,
 * not listed as if it were one of the customer's pools (shared/format/pool-text.ts).
 */
import type { ReactNode } from 'react';
import { isFirmwareFeePool } from '../../../../shared/domain/fee-pool';
import type { ListedPool } from '../../../../shared/domain/fee-pool';
import { withoutLogin } from '../../../../shared/domain/pool-url';
import {
  NO_VALUE as NONE,
  celsiusText,
  hashRateText,
  numberText,
  powerText,
} from '../../../../shared/i18n/formats';
import type { Translator } from '../../../../shared/i18n/translate';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { useT } from '../../i18n/i18n-provider';
import { toHs } from './units';

/** One titled table of what the device listed, or a sentence saying it listed nothing. */
function ListedTable(props: {
  title: string;
  empty: string;
  headers: readonly string[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
  mono?: readonly number[];
  /** A sentence under the table. */
  note?: string | undefined;
}): ReactNode {
  return (
    <>
      <h3>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p className="field-hint">{props.empty}</p>
      ) : (
        <table className="data-table compact">
          <thead>
            <tr>
              {props.headers.map((h, i) => (
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) => (
                  <td key={i} className={props.mono?.includes(i) === true ? 'mono' : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.note !== undefined && <p className="field-hint">{props.note}</p>}
    </>
  );
}

/** A pool's url without its login; the firmware's fee pool named as the firmware's (shared/format/pool-text.ts). */
function poolText(tr: Translator, pool: ListedPool): string {
  const url = withoutLogin(pool.url);
  return isFirmwareFeePool(pool) ? tr.t('device.pools.feePool', { url }) : url;
}

const countText = (tr: Translator, value: number | undefined): string =>
  value === undefined ? NONE : numberText(tr, value);

export function PoolsAndBoards({ detail }: { detail: DeviceDetailView }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const reading = detail.reading;
  if (reading === undefined) return <p className="field-hint">{t('device.pools.noReading')}</p>;
  const unit = reading.hashRate?.unit;
  const feePool = reading.pools.some(isFirmwareFeePool);
  return (
    <div className="pools-boards">
      <ListedTable
        title={t('device.pools.title')}
        empty={t('device.pools.empty')}
        headers={[
          t('device.pools.url'),
          t('device.pools.worker'),
          t('device.pools.status'),
          t('device.pools.accepted'),
          t('device.pools.rejected'),
        ]}
        mono={[0, 1]}
        note={feePool ? t('device.pools.feePoolNote') : undefined}
        rows={reading.pools.map((p, i) => ({
          key: `${p.url}-${i}`,
          cells: [
            poolText(tr, p),
            isFirmwareFeePool(p) ? NONE : (p.user ?? NONE),
            p.status ?? NONE,
            countText(tr, p.accepted),
            countText(tr, p.rejected),
          ],
        }))}
      />
      <ListedTable
        title={t('device.boards.title')}
        empty={t('device.boards.empty')}
        headers={[
          t('device.boards.board'),
          t('device.boards.state'),
          t('device.boards.hashRate'),
          t('device.boards.chips'),
          t('device.boards.boardTemp'),
          t('device.boards.power'),
        ]}
        rows={reading.boards.map((b, i) => ({
          key: b.id ?? i,
          cells: [
            b.id ?? i + 1,
            b.state ?? NONE,
            hashRateText(tr, toHs(b.hashRate, unit)),
            celsiusText(tr, b.chipTemp?.max),
            celsiusText(tr, b.boardTemp?.max),
            powerText(tr, b.powerW),
          ],
        }))}
      />
    </div>
  );
}
