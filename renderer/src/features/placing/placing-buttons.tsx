/**
 * The placing buttons for the Racks view's toolbar: Scan to place…, Walk the hall…, Site map CSV…; each
 * opens its dialog.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n-provider';
import { CsvDialog } from './csv-dialog';
import { ScanDialog } from './scan-dialog';
import { WalkDialog } from './walk-dialog';

type Open = 'scan' | 'walk' | 'csv' | undefined;

export function PlacingButtons(): ReactNode {
  const { t } = useT();
  const [open, setOpen] = useState<Open>();
  const close = (): void => setOpen(undefined);
  return (
    <span className="placing-buttons">
      <button type="button" className="button button-primary" onClick={() => setOpen('scan')}>
        {t('placing.buttons.scan')}
      </button>
      <button
        type="button"
        className="button"
        title={t('placing.buttons.walkHint')}
        onClick={() => setOpen('walk')}
      >
        {t('placing.buttons.walk')}
      </button>
      <button type="button" className="button" onClick={() => setOpen('csv')}>
        {t('placing.buttons.csv')}
      </button>
      {open === 'scan' && <ScanDialog onClose={close} />}
      {open === 'walk' && <WalkDialog onClose={close} />}
      {open === 'csv' && <CsvDialog onClose={close} />}
    </span>
  );
}
