/**
 * The body of Scan to place and Walk the hall: the cue (a colour and words, no sound), the one scan field,
 * the camera toggle, the rack picker and the running list with undo. Every click or answer gives the
 * focus back to the scan field, so the scanner's next label lands there with no click between.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import type { Translator } from '../../../../shared/i18n/translate';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { CameraScan } from './camera-scan';
import { RackPicker } from './rack-picker';
import { ScanField } from './scan-field';
import type { ScanSession } from './use-scan-session';
import { shownText } from './shown-words';
import type { LayoutViewState } from './use-layout-view';

export interface ScanPanelProps {
  session: ScanSession;
  layout: LayoutViewState;
  addressOf: (deviceId: string) => string;
  /** Extra buttons beside Undo (the walk's Skip). */
  extraActions?: ReactNode;
}

/** A sentence translated whole with its `address` set in bold: the words around it stay in their order. */
function withBoldAddress(
  tr: Translator,
  id: MessageId,
  values: Readonly<Record<string, string>> & { address: string },
): ReactNode {
  const mark = '\u0000';
  const [before = '', after = ''] = tr.t(id, { ...values, address: mark }).split(mark);
  return (
    <>
      {before}
      <strong>{values.address}</strong>
      {after}
    </>
  );
}

function PlacedList({ session }: { session: ScanSession }): ReactNode {
  const { t } = useT();
  const { placed } = session;
  if (placed.length === 0) return <p className="field-hint">{t('placing.scan.nothingPlaced')}</p>;
  return (
    <ol className="placed-list" aria-label={t('placing.scan.placedList')}>
      {placed.map((entry, i) => (
        <li key={`${entry.device.deviceId}-${placed.length - i}`}>
          {entry.from !== undefined
            ? t('placing.scan.placedEntryFrom', {
                address: entry.device.address,
                slot: entry.slotName,
                from: entry.from,
              })
            : t('placing.scan.placedEntry', { address: entry.device.address, slot: entry.slotName })}
        </li>
      ))}
    </ol>
  );
}

export function ScanPanel({ session, layout, addressOf, extraActions }: ScanPanelProps): ReactNode {
  const tr = useT();
  const { t } = tr;
  const field = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(false);
  const refocus = useCallback(() => requestAnimationFrame(() => field.current?.focus()), []);
  // After every answer the scanner's next label must land in the field.
  useEffect(() => {
    refocus();
  }, [session.cue, session.step, refocus]);
  // A click anywhere in the panel (a slot, Undo, the toggle) hands the focus back; a list opens first.
  const onClick = (event: MouseEvent): void => {
    if (!(event.target instanceof HTMLSelectElement)) refocus();
  };
  const { cue, step } = session;
  const current = step.kind === 'device' ? undefined : step.device;

  return (
    <div className="scan-panel" onClick={onClick} onChange={refocus}>
      <p
        className={`scan-cue scan-cue-${cue?.tone ?? 'idle'}`}
        role="status"
        aria-live="polite"
        data-tone={cue?.tone ?? 'idle'}
      >
        {cue === undefined ? t('placing.scan.ready') : shownText(tr, cue.text)}
      </p>
      <div className="scan-row">
        <ScanField ref={field} step={step} onLabel={session.submit} onAnswer={session.answer} />
        <label className="scan-camera-toggle">
          <input type="checkbox" checked={camera} onChange={(e) => setCamera(e.target.checked)} />{' '}
          {t('placing.scan.useCamera')}
        </label>
      </div>
      {camera && <CameraScan onLabel={session.submit} />}
      {current !== undefined && (
        <p className="scan-current">
          {current.slotName === undefined
            ? withBoldAddress(tr, 'placing.scan.placing', { address: current.address })
            : withBoldAddress(tr, 'placing.scan.placingFrom', {
                address: current.address,
                slot: current.slotName,
              })}
        </p>
      )}
      {layout.error !== undefined && <p className="field-error">{errorText(tr, layout.error)}</p>}
      {layout.view !== undefined && (
        <RackPicker
          view={layout.view}
          addressOf={addressOf}
          onPick={session.clickSlot}
          {...(current !== undefined ? { currentDeviceId: current.deviceId } : {})}
        />
      )}
      <div className="scan-history">
        <div className="scan-history-head">
          <h3>{t('placing.scan.placedTitle')}</h3>
          <button
            type="button"
            className="button"
            disabled={session.placed.length === 0}
            onClick={session.undo}
          >
            {t('placing.scan.undo')}
          </button>
          {extraActions}
        </div>
        <PlacedList session={session} />
      </div>
    </div>
  );
}
