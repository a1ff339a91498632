/**
 * The placing buttons for the Racks view's toolbar: Scan to place…, Walk the hall…, Site map CSV…; each
 * opens its dialog.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { CsvDialog } from './csv-dialog';
import { ScanDialog } from './scan-dialog';
import { WalkDialog } from './walk-dialog';

type Open = 'scan' | 'walk' | 'csv' | undefined;

export function PlacingButtons(): ReactNode {
  const [open, setOpen] = useState<Open>();
  const close = (): void => setOpen(undefined);
  return (
    <span className="placing-buttons">
      <button type="button" className="button button-primary" onClick={() => setOpen('scan')}>
        Scan to place…
      </button>
      <button
        type="button"
        className="button"
        title="Blinks the LED of each unplaced device in turn; click the slot where it stands"
        onClick={() => setOpen('walk')}
      >
        Walk the hall…
      </button>
      <button type="button" className="button" onClick={() => setOpen('csv')}>
        Site map CSV…
      </button>
      {open === 'scan' && <ScanDialog onClose={close} />}
      {open === 'walk' && <WalkDialog onClose={close} />}
      {open === 'csv' && <CsvDialog onClose={close} />}
    </span>
  );
}
