/**
 * Scan to place, as a pure state machine (issue 34): what the dialog expects next (a device's label, a
 * slot's label, or a yes/no to a move) and what each answer from main turns into — the next step, the
 * visual cue in words, and the request to send next. No I/O here: the hook (use-scan-session.ts) sends the
 * requests and feeds the answers back, so the whole flow is unit-tested without a window.
 *
 * A crew scans box, slot, box, slot…: after each placing the dialog expects a device again. A device
 * scanned where a slot was expected replaces the one waiting (the crew picked up another box); a slot
 * scanned first is refused in words. Nothing is placed silently: a move or a taken slot asks first.
 */
import type {
  LabelMatch,
  PlacePreviewItem,
  PlaceResultItem,
  SlotRef,
} from '../../../../shared/domain/layout';

export interface ScannedDevice {
  deviceId: string;
  address: string;
  /** The slot it stands in now, if any. */
  slotName?: string;
}

export interface ScannedSlot {
  /** A slot chosen by reference (scanned slot label or a click). */
  slotRef: SlotRef;
  slotName: string;
}

export type ScanStep =
  | { kind: 'device' }
  | { kind: 'slot'; device: ScannedDevice }
  | { kind: 'confirm'; device: ScannedDevice; slot: ScannedSlot; preview: PlacePreviewItem };

/** The colour of the answer: green placed, grey nothing to do, amber asked, red refused, blue next. */
export type CueTone = 'placed' | 'same' | 'ask' | 'refused' | 'info';

export interface Cue {
  tone: CueTone;
  text: string;
}

/** What the hook sends next, if anything. */
export type ScanRequest =
  | { kind: 'preview'; device: ScannedDevice; slot: ScannedSlot }
  | { kind: 'place'; device: ScannedDevice; slot: ScannedSlot; acceptMoves: boolean };

export interface ScanTurn {
  step: ScanStep;
  cue: Cue;
  request?: ScanRequest;
}

export const DEVICE_STEP: ScanStep = { kind: 'device' };

/** What the dialog asks for, in words (the input's label). */
export function expectedWords(step: ScanStep): string {
  if (step.kind === 'device') return "Scan a device's label (serial or MAC)";
  if (step.kind === 'slot') return `Scan or click the slot for ${step.device.address}`;
  return 'Enter or Y: move it here · Esc or N: skip';
}

function deviceChosen(device: ScannedDevice, replacing: ScannedDevice | undefined): ScanTurn {
  const where = device.slotName === undefined ? 'in no slot yet' : `now in ${device.slotName}`;
  const dropped =
    replacing !== undefined && replacing.deviceId !== device.deviceId
      ? ` (${replacing.address} was not placed)`
      : '';
  return {
    step: { kind: 'slot', device },
    cue: { tone: 'info', text: `${device.address}, ${where}: scan its slot${dropped}` },
  };
}

function refusedWords(label: string, match: LabelMatch): string {
  switch (match.kind) {
    case 'ambiguous':
      return `“${label}” matches ${match.candidates.length} devices (${match.candidates
        .map((c) => c.address)
        .join(', ')}): scan the other label of the box`;
    case 'not-in-site':
      return `“${label}” is a device of the site ${match.siteName}, not of this one`;
    case 'unknown':
      return `“${label}” is no device or slot of this site`;
    default:
      return `“${label}” cannot be used here`;
  }
}

/** The turn after main matched one scanned or typed label. */
export function afterMatch(step: ScanStep, label: string, match: LabelMatch): ScanTurn {
  if (match.kind === 'device') {
    const device: ScannedDevice = {
      deviceId: match.deviceId,
      address: match.address,
      ...(match.slotName !== undefined ? { slotName: match.slotName } : {}),
    };
    return deviceChosen(device, step.kind === 'device' ? undefined : step.device);
  }
  if (match.kind === 'slot') {
    const slot: ScannedSlot = { slotRef: match.slotRef, slotName: match.slotName };
    return slotChosen(step, slot);
  }
  return { step, cue: { tone: 'refused', text: refusedWords(label, match) } };
}

/** A slot scanned or clicked: previewed for the waiting device; refused while no device waits. */
export function slotChosen(step: ScanStep, slot: ScannedSlot): ScanTurn {
  if (step.kind === 'device') {
    return {
      step,
      cue: { tone: 'refused', text: `${slot.slotName} is a slot: scan the device's label first` },
    };
  }
  const { device } = step;
  return {
    step: { kind: 'slot', device },
    cue: { tone: 'info', text: `${device.address} → ${slot.slotName}…` },
    request: { kind: 'preview', device, slot },
  };
}

/** The turn after main previewed the placing: placed at once, nothing to do, asked, or refused. */
export function afterPreview(device: ScannedDevice, slot: ScannedSlot, preview: PlacePreviewItem): ScanTurn {
  switch (preview.outcome) {
    case 'place':
      return {
        step: { kind: 'slot', device },
        cue: { tone: 'info', text: `${device.address} → ${slot.slotName}…` },
        request: { kind: 'place', device, slot, acceptMoves: false },
      };
    case 'already-there':
      return {
        step: DEVICE_STEP,
        cue: { tone: 'same', text: `${device.address} is already in ${slot.slotName}` },
      };
    case 'move':
    case 'occupied':
      return {
        step: { kind: 'confirm', device, slot, preview },
        cue: { tone: 'ask', text: questionWords(device, slot, preview) },
      };
    default:
      return { step: { kind: 'slot', device }, cue: { tone: 'refused', text: preview.message } };
  }
}

function questionWords(device: ScannedDevice, slot: ScannedSlot, preview: PlacePreviewItem): string {
  if (preview.outcome === 'occupied' && preview.occupant !== undefined) {
    return `${slot.slotName} holds ${preview.occupant.address} — move ${device.address} here? (Enter/Y yes, Esc/N no)`;
  }
  const from = preview.from ?? device.slotName ?? 'another slot';
  return `${device.address} stands in ${from} — move it to ${slot.slotName}? (Enter/Y yes, Esc/N no)`;
}

/** The answer to a move question: yes places with moves accepted, no skips to the next device. */
export function afterAnswer(step: ScanStep, yes: boolean): ScanTurn {
  if (step.kind !== 'confirm') return { step, cue: { tone: 'info', text: expectedWords(step) } };
  if (!yes) {
    return { step: DEVICE_STEP, cue: { tone: 'same', text: `Skipped: ${step.device.address} not moved` } };
  }
  return {
    step: { kind: 'slot', device: step.device },
    cue: { tone: 'info', text: `${step.device.address} → ${step.slot.slotName}…` },
    request: { kind: 'place', device: step.device, slot: step.slot, acceptMoves: true },
  };
}

/** The turn after `layout:place` answered for the one device. */
export function afterPlace(
  device: ScannedDevice,
  slot: ScannedSlot,
  result: PlaceResultItem | undefined,
): ScanTurn {
  if (result === undefined || !result.placed) {
    const why = result?.message ?? 'main did not place it';
    return { step: { kind: 'slot', device }, cue: { tone: 'refused', text: `Not placed: ${why}` } };
  }
  const note =
    result.note === 'written' || result.note === 'unchanged'
      ? ''
      : ` (${result.noteMessage ?? noteWords(result.note)})`;
  return {
    step: DEVICE_STEP,
    cue: { tone: 'placed', text: `Placed ${device.address} in ${slot.slotName}${note}` },
  };
}

function noteWords(note: PlaceResultItem['note']): string {
  if (note === 'unsupported') return 'kept here only: its firmware has no notes';
  if (note === 'failed') return 'its location note was not written';
  return 'its location note was not sent';
}

/** A scanned label as main should see it: control characters a scanner may add dropped, spaces trimmed. */
export function cleanLabel(raw: string): string {
  const printable = [...raw].filter((c) => {
    const code = c.charCodeAt(0);
    return code >= 0x20 && code !== 0x7f;
  });
  return printable.join('').trim();
}
