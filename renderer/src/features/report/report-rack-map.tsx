/**
 * A rack's map in the report preview, as the printed rack page draws it (electron/core/report/
 * report-rack-pages.ts) and worded by the same functions (shared/format/report-racks.ts): positions across,
 * shelves down (S1 at the top), each slot with its device's verdict in a symbol and words and its address,
 * an empty slot said so; a legend under it. Never colour alone: a failed slot is dark, a not judged one
 * dashed, an empty one dotted, as on paper.
 */
import type { ReactNode } from 'react';
import type { ReportDevice, ReportRack } from '../../../../shared/domain/report';
import { shortAddress } from '../../../../shared/format/acceptance-text';
import {
  rackGrid,
  rackTitle,
  slotLegend,
  slotVerdictOf,
  slotVerdictWords,
} from '../../../../shared/format/report-racks';
import { shown, useReportT } from './report-bits';

function Slot({ device }: { device: ReportDevice | undefined }): ReactNode {
  const tr = useReportT();
  if (device === undefined) {
    return (
      <td className="report-slot report-slot-empty" data-verdict="empty">
        {tr.t('report.rack.empty')}
      </td>
    );
  }
  const verdict = slotVerdictOf(device);
  return (
    <td className={`report-slot report-slot-${verdict}`} data-verdict={verdict}>
      <b>{slotVerdictWords(verdict, tr)}</b>
      <span>{shown(shortAddress(device.address))}</span>
    </td>
  );
}

export function RackMap({
  rack,
  devices,
}: {
  rack: ReportRack;
  devices: readonly ReportDevice[];
}): ReactNode {
  const tr = useReportT();
  const positions = Array.from({ length: rack.positions }, (_, p) => `P${p + 1}`);
  return (
    <>
      <table
        className="report-rack-map"
        aria-label={tr.t('report.rack.map', { rack: shown(rackTitle(rack)) })}
      >
        <thead>
          <tr>
            <th />
            {positions.map((p) => (
              <th key={p} scope="col">
                {p}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rackGrid(rack, devices).map((shelf, s) => (
            <tr key={`S${s + 1}`}>
              <th scope="row">S{s + 1}</th>
              {shelf.map((device, p) => (
                <Slot key={positions[p]} device={device} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="report-rack-legend">
        {slotLegend(tr).map(({ verdict, words }) => (
          <li key={verdict}>
            <i className={`report-slot-${verdict}`} />
            {words}
          </li>
        ))}
      </ul>
    </>
  );
}
