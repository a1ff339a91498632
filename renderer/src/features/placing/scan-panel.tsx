/**
 * The body of Scan to place and Walk the hall: the cue (a colour and words, no sound), the one scan field,
 * the camera toggle, the rack picker and the running list with undo. Every click or answer gives the
 * focus back to the scan field, so the scanner's next label lands there with no click between.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { CameraScan } from './camera-scan';
import { RackPicker } from './rack-picker';
import { ScanField } from './scan-field';
import type { ScanSession } from './use-scan-session';
import type { LayoutViewState } from './use-layout-view';

export interface ScanPanelProps {
  session: ScanSession;
  layout: LayoutViewState;
  addressOf: (deviceId: string) => string;
  /** Extra buttons beside Undo (the walk's Skip). */
  extraActions?: ReactNode;
}

function PlacedList({ session }: { session: ScanSession }): ReactNode {
  const { placed } = session;
  if (placed.length === 0) return <p className="field-hint">Nothing placed yet.</p>;
  return (
    <ol className="placed-list" aria-label="Placed in this session">
      {placed.map((entry, i) => (
        <li key={`${entry.device.deviceId}-${placed.length - i}`}>
          {entry.device.address} → {entry.slotName}
          {entry.from !== undefined ? ` (from ${entry.from})` : ''}
        </li>
      ))}
    </ol>
  );
}

export function ScanPanel({ session, layout, addressOf, extraActions }: ScanPanelProps): ReactNode {
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
        {cue?.text ?? 'Ready: scan a box, then its slot.'}
      </p>
      <div className="scan-row">
        <ScanField ref={field} step={step} onLabel={session.submit} onAnswer={session.answer} />
        <label className="scan-camera-toggle">
          <input type="checkbox" checked={camera} onChange={(e) => setCamera(e.target.checked)} /> Use camera
        </label>
      </div>
      {camera && <CameraScan onLabel={session.submit} />}
      {current !== undefined && (
        <p className="scan-current">
          Placing <strong>{current.address}</strong>
          {current.slotName !== undefined ? ` (now in ${current.slotName})` : ''}
        </p>
      )}
      {layout.error !== undefined && <p className="field-error">{layout.error}</p>}
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
          <h3>Placed</h3>
          <button
            type="button"
            className="button"
            disabled={session.placed.length === 0}
            onClick={session.undo}
          >
            Undo last
          </button>
          {extraActions}
        </div>
        <PlacedList session={session} />
      </div>
    </div>
  );
}
