/**
 * Walk the hall (issue 34): the locate LED of the next unplaced device blinks; the technician finds it in
 * the racks and clicks (or scans) the slot where it stands; its LED goes off once placed and the next one
 * blinks. Skip goes to the next; Stop (or closing) turns the blinking LED off.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import type { LayoutView } from '../../../../shared/ipc/channels/layout';
import { errorText } from '../../../../shared/i18n/local-text';
import { isMessageRef, message } from '../../../../shared/i18n/message';
import { useT } from '../../i18n/i18n-provider';
import type { PlacingApi } from './placing-api';
import { defaultPlacingApi } from './placing-api';
import { ScanPanel } from './scan-panel';
import type { ShownWords } from './shown-words';
import { madeSummary } from './shown-words';
import type { LayoutViewState } from './use-layout-view';
import { useAddressOf } from './use-address-of';
import { useLayoutView } from './use-layout-view';
import { useScanSession } from './use-scan-session';
import './placing.css';

/** How long the walk's LED blinks unless placed first (it turns itself off then). */
export const WALK_LED_MINUTES = 10;

export interface WalkDialogProps {
  onClose: () => void;
  api?: PlacingApi;
}

/** Turns the LED on for the device being looked for, off for the one before; off for the last on close. */
function useWalkLed(api: PlacingApi, deviceId: string | undefined): string {
  const tr = useT();
  const [led, setLed] = useState<{ deviceId: string; words: ShownWords }>();
  const lit = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = lit.current;
    if (before === deviceId) return;
    lit.current = deviceId;
    if (before !== undefined) void api['commission:locate']({ deviceIds: [before], on: false });
    if (deviceId === undefined) return;
    void api['commission:locate']({ deviceIds: [deviceId], on: true, minutes: WALK_LED_MINUTES }).then((r) =>
      setLed({
        deviceId,
        words: r.ok ? message('placing.scan.mainSaid', { words: madeSummary(r.value) }) : r.error,
      }),
    );
  }, [api, deviceId]);
  useEffect(
    () => () => {
      if (lit.current !== undefined) void api['commission:locate']({ deviceIds: [lit.current], on: false });
    },
    [api],
  );
  if (led === undefined || led.deviceId !== deviceId) return '';
  return isMessageRef(led.words)
    ? tr.t(led.words)
    : tr.t('placing.walk.ledFailed', { reason: errorText(tr, led.words) });
}

function WalkSession(props: {
  api: PlacingApi;
  view: LayoutView;
  layout: LayoutViewState;
  onClose: () => void;
}): ReactNode {
  const { api, view, layout, onClose } = props;
  const { t } = useT();
  const addressOf = useAddressOf();
  // The walk's order is fixed when it starts: what was unplaced then, in the fleet's order.
  const [queue] = useState(() =>
    view.unplaced.map((deviceId) => ({ deviceId, address: addressOf(deviceId) })),
  );
  const session = useScanSession(api, { queue });
  const current = session.step.kind === 'device' ? undefined : session.step.device;
  const led = useWalkLed(api, current?.deviceId);
  const skip = (
    <button type="button" className="button" disabled={current === undefined} onClick={session.skip}>
      {t('placing.walk.skip')}
    </button>
  );
  return (
    <>
      <p className="field-hint">
        {current === undefined
          ? t('placing.walk.noneLeft', { count: queue.length })
          : t('placing.walk.find', { address: current.address, led })}
      </p>
      <ScanPanel session={session} layout={layout} addressOf={addressOf} extraActions={skip} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('placing.walk.stop')}
        </button>
      </div>
    </>
  );
}

export function WalkDialog({ onClose, api = defaultPlacingApi() }: WalkDialogProps): ReactNode {
  const tr = useT();
  const layout = useLayoutView(api);
  return (
    <ModalDialog title={tr.t('placing.walk.title')} onClose={onClose} className="modal-wide">
      {layout.view === undefined ? (
        <p className="field-hint">
          {layout.error === undefined ? tr.t('placing.walk.reading') : errorText(tr, layout.error)}
        </p>
      ) : (
        <WalkSession api={api} view={layout.view} layout={layout} onClose={onClose} />
      )}
    </ModalDialog>
  );
}
