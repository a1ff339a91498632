/**
 * The pools the device mines for and its hash boards, as the device reported them. A pool url is shown
 * without the login some carry, and the firmware's own fee pool ("DevFee") is named as the firmware's,
 * not listed as if it were one of the customer's pools (shared/format/pool-text.ts).
 */
import type { ReactNode } from 'react';
import { isFirmwareFeePool } from '../../../../shared/domain/fee-pool';
import { listedPoolText } from '../../../../shared/format/pool-text';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { NONE, celsius, hashRate, watts } from '../../lib/format';
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

const sentenceStart = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export function PoolsAndBoards({ detail }: { detail: DeviceDetailView }): ReactNode {
  const reading = detail.reading;
  if (reading === undefined) return <p className="field-hint">No reading yet.</p>;
  const unit = reading.hashRate?.unit;
  const feePool = reading.pools.some(isFirmwareFeePool);
  return (
    <div className="pools-boards">
      <ListedTable
        title="Pools"
        empty="The device did not list any pool."
        headers={['URL', 'Worker', 'Status', 'Accepted', 'Rejected']}
        mono={[0, 1]}
        note={
          feePool
            ? 'The firmware’s fee pool is where the firmware mines its maker’s fee. It is not one of the customer’s pools, and Actions → Pools… does not change it.'
            : undefined
        }
        rows={reading.pools.map((p, i) => ({
          key: `${p.url}-${i}`,
          cells: [
            isFirmwareFeePool(p) ? sentenceStart(listedPoolText(p)) : listedPoolText(p),
            isFirmwareFeePool(p) ? NONE : (p.user ?? NONE),
            p.status ?? NONE,
            p.accepted?.toLocaleString('en-US') ?? NONE,
            p.rejected?.toLocaleString('en-US') ?? NONE,
          ],
        }))}
      />
      <ListedTable
        title="Hash boards"
        empty="The device did not report its boards."
        headers={['Board', 'State', 'Hash rate', 'Chips', 'Board', 'Power']}
        rows={reading.boards.map((b, i) => ({
          key: b.id ?? i,
          cells: [
            b.id ?? i + 1,
            b.state ?? NONE,
            hashRate(toHs(b.hashRate, unit)),
            celsius(b.chipTemp?.max),
            celsius(b.boardTemp?.max),
            watts(b.powerW),
          ],
        }))}
      />
    </div>
  );
}
