/**
 * A device against the site's standard, in the fleet row: ✓ when it is at the standard, else what differs
 * in short words ("factory password", then "pools differ, workers differ" under it), the whole list on
 * hover. Its drift comes in as a prop from the table (one subscription for every row, none per row), so a
 * drift change redraws only the rows it changed.
 */
import type { ReactNode } from 'react';
import type { DeviceDrift } from '../../../../shared/domain/standard';
import { driftCell } from '../standard/drift-words';
import '../standard/standard.css';
import { useT } from '../../i18n/i18n-provider';

export function StandardCell({ drift }: { drift: DeviceDrift | undefined }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const cell = driftCell(drift, tr);
  return (
    <div className="cell-stack" title={cell.title} data-standard={drift?.status ?? 'unknown'}>
      <span className={`cell-main drift-${cell.tone}`}>
        {cell.tone === 'good' && <span className="visually-hidden">{t('fleet.cell.atStandard')}</span>}
        {cell.main}
      </span>
      {cell.sub !== undefined && <span className="cell-sub">{cell.sub}</span>}
    </div>
  );
}
