/** The pools the device mines for and its hash boards, as the device reported them. */
import type { ReactNode } from 'react';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { NONE, celsius, hashRate, watts } from '../../lib/format';
import { toHs } from './units';

export function PoolsAndBoards({ detail }: { detail: DeviceDetailView }): ReactNode {
  const reading = detail.reading;
  if (reading === undefined) return <p className="field-hint">No reading yet.</p>;
  const unit = reading.hashRate?.unit;
  return (
    <div className="pools-boards">
      <h3>Pools</h3>
      {reading.pools.length === 0 ? (
        <p className="field-hint">The device did not list any pool.</p>
      ) : (
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Worker</th>
              <th scope="col">Status</th>
              <th scope="col">Accepted</th>
              <th scope="col">Rejected</th>
            </tr>
          </thead>
          <tbody>
            {reading.pools.map((p, i) => (
              <tr key={`${p.url}-${i}`}>
                <td className="mono">{p.url}</td>
                <td className="mono">{p.user ?? NONE}</td>
                <td>{p.status ?? NONE}</td>
                <td>{p.accepted?.toLocaleString('en-US') ?? NONE}</td>
                <td>{p.rejected?.toLocaleString('en-US') ?? NONE}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Hash boards</h3>
      {reading.boards.length === 0 ? (
        <p className="field-hint">The device did not report its boards.</p>
      ) : (
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">Board</th>
              <th scope="col">State</th>
              <th scope="col">Hash rate</th>
              <th scope="col">Chips</th>
              <th scope="col">Board</th>
              <th scope="col">Power</th>
            </tr>
          </thead>
          <tbody>
            {reading.boards.map((b, i) => (
              <tr key={b.id ?? i}>
                <td>{b.id ?? i + 1}</td>
                <td>{b.state ?? NONE}</td>
                <td>{hashRate(toHs(b.hashRate, unit))}</td>
                <td>{celsius(b.chipTemp?.max)}</td>
                <td>{celsius(b.boardTemp?.max)}</td>
                <td>{watts(b.powerW)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
