/**
 * Runs the scan machine (scan-steps.ts) against main: each label, click or answer is queued and handled in
 * order, so a scanner typing the next label while main still answers the last one loses nothing. Keeps
 * the running list of what was placed and undoes the last one (the device back where it stood, a displaced
 * device back in its slot).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaceResultItem } from '../../../../shared/domain/layout';
import { message } from '../../../../shared/i18n/message';
import type { PlacingApi } from './placing-api';
import type { ShownWords } from './shown-words';
import type { Cue, ScannedDevice, ScannedSlot, ScanRequest, ScanStep, ScanTurn } from './scan-steps';
import {
  afterAnswer,
  afterMatch,
  afterPlace,
  afterPreview,
  cleanLabel,
  DEVICE_STEP,
  slotChosen,
} from './scan-steps';

export interface PlacedEntry {
  device: ScannedDevice;
  slotName: string;
  /** The slot it left (a move), to put it back on undo. */
  from?: string;
  /** The device it displaced, to put back on undo. */
  occupant?: { deviceId: string; address: string };
}

export interface ScanSession {
  step: ScanStep;
  cue: Cue | undefined;
  placed: PlacedEntry[];
  busy: boolean;
  submit(label: string): void;
  clickSlot(slot: ScannedSlot): void;
  answer(yes: boolean): void;
  undo(): void;
  /** Drops the device waiting for its slot (walk: the next one). */
  skip(): void;
}

export interface ScanSessionOptions {
  /** Devices to place in this order (the fleet's selection, the walk's unplaced ones). */
  queue?: readonly ScannedDevice[];
}

function entryOf(device: ScannedDevice, slot: ScannedSlot, result: PlaceResultItem): PlacedEntry {
  return {
    device,
    slotName: result.slotName ?? slot.slotName,
    ...(result.from !== undefined ? { from: result.from } : {}),
    ...(result.occupant !== undefined ? { occupant: result.occupant } : {}),
  };
}

/** Sends one preview or placing to main, shows each answer, and a previewed free slot is placed at once. */
async function sendRequest(
  api: PlacingApi,
  request: ScanRequest,
  show: (turn: ScanTurn) => void,
  onPlaced: (entry: PlacedEntry) => void,
): Promise<void> {
  const { device, slot } = request;
  const items = [{ device: device.deviceId, slot: slot.slotRef }];
  const refused = (text: ShownWords): void =>
    show({ step: { kind: 'slot', device }, cue: { tone: 'refused', text } });
  let acceptMoves = request.kind === 'place' && request.acceptMoves;
  if (request.kind === 'preview') {
    const preview = await api['layout:place-preview']({ items });
    if (!preview.ok) return refused(preview.error);
    const item = preview.value[0];
    if (item === undefined) return refused(message('placing.scan.nothingPreviewed'));
    const turn = afterPreview(device, slot, item);
    show(turn);
    if (turn.request?.kind !== 'place') return;
    acceptMoves = turn.request.acceptMoves;
  }
  const outcome = await api['layout:place']({ items, acceptMoves });
  if (!outcome.ok) return refused(outcome.error);
  const result = outcome.value.results[0];
  show(afterPlace(device, slot, result));
  if (result?.placed === true) onPlaced(entryOf(device, slot, result));
}

export function useScanSession(api: PlacingApi, options: ScanSessionOptions = {}): ScanSession {
  const queue = useRef<ScannedDevice[]>([...(options.queue ?? [])]);
  const stepRef = useRef<ScanStep>(DEVICE_STEP);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const [step, setStep] = useState<ScanStep>(DEVICE_STEP);
  const [cue, setCue] = useState<Cue>();
  const [placed, setPlaced] = useState<PlacedEntry[]>([]);
  const [busy, setBusy] = useState(false);

  /** Shows a turn; a device step takes the queue's next device when there is one. */
  const show = useCallback((turn: ScanTurn): void => {
    let next = turn.step;
    const queued = next.kind === 'device' ? queue.current.shift() : undefined;
    if (queued !== undefined) next = { kind: 'slot', device: queued };
    stepRef.current = next;
    setStep(next);
    setCue(turn.cue);
  }, []);

  const send = useCallback(
    (request: ScanRequest): Promise<void> =>
      sendRequest(api, request, show, (entry) => setPlaced((list) => [entry, ...list])),
    [api, show],
  );

  /** Queues one job after the others (a fast scanner's labels stay in order). */
  const enqueue = useCallback(
    (job: () => Promise<void>): void => {
      pending.current += 1;
      setBusy(true);
      chain.current = chain.current
        .then(job)
        .catch((error: unknown) =>
          show({
            step: stepRef.current,
            cue: { tone: 'refused', text: message('placing.scan.mainSaid', { words: String(error) }) },
          }),
        )
        .finally(() => {
          pending.current -= 1;
          if (pending.current === 0) setBusy(false);
        });
    },
    [show],
  );

  const run = useCallback(
    async (turn: ScanTurn): Promise<void> => {
      show(turn);
      if (turn.request !== undefined) await send(turn.request);
    },
    [send, show],
  );

  const submit = useCallback(
    (raw: string): void => {
      const label = cleanLabel(raw);
      if (label === '') return;
      enqueue(async () => {
        const match = await api['layout:match-label']({ label });
        if (!match.ok) return show({ step: stepRef.current, cue: { tone: 'refused', text: match.error } });
        await run(afterMatch(stepRef.current, label, match.value));
      });
    },
    [api, enqueue, run, show],
  );

  const clickSlot = useCallback(
    (slot: ScannedSlot) => enqueue(() => run(slotChosen(stepRef.current, slot))),
    [enqueue, run],
  );
  const answer = useCallback(
    (yes: boolean) => enqueue(() => run(afterAnswer(stepRef.current, yes))),
    [enqueue, run],
  );
  const skip = useCallback(
    () =>
      enqueue(async () =>
        show({ step: DEVICE_STEP, cue: { tone: 'same', text: message('placing.scan.skipped') } }),
      ),
    [enqueue, show],
  );

  const undo = useCallback((): void => {
    const last = placed[0];
    if (last === undefined) return;
    enqueue(async () => {
      const out = await api['layout:unplace']({ deviceIds: [last.device.deviceId] });
      if (!out.ok) return show({ step: stepRef.current, cue: { tone: 'refused', text: out.error } });
      const back = [
        ...(last.occupant !== undefined ? [{ device: last.occupant.deviceId, slot: last.slotName }] : []),
        ...(last.from !== undefined ? [{ device: last.device.deviceId, slot: last.from }] : []),
      ];
      if (back.length > 0) await api['layout:place']({ items: back, acceptMoves: true });
      setPlaced((list) => list.slice(1));
      setCue({
        tone: 'same',
        text: message('placing.scan.undone', { address: last.device.address, slot: last.slotName }),
      });
    });
  }, [api, enqueue, placed, show]);

  // The first queued device waits for its slot as soon as the dialog opens.
  useEffect(() => {
    if (queue.current.length > 0 && stepRef.current.kind === 'device')
      show({ step: DEVICE_STEP, cue: { tone: 'info', text: message('placing.scan.queued') } });
  }, [show]);

  return { step, cue, placed, busy, submit, clickSlot, answer, undo, skip };
}
