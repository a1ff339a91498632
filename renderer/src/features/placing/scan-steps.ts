/**
 * Scan to place, as a pure state machine (issue 34): what the dialog expects next (a device's label, a
 * slot's label, or a yes/no to a move) and what each answer from main turns into — the next step, the
 * visual cue as a message (rendered in the window's language), and the request to send next. No I/O
 * here: the hook (use-scan-session.ts) sends the requests and feeds the answers back, so the whole flow
 * is unit-tested without a window.
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
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import type { ShownWords } from './shown-words';
import { madeWords } from './shown-words';

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
  /** A message (rendered in the window's language), or main's refusal as it came. */
  text: ShownWords;
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

/** What the dialog asks for (the input's label). */
export function expectedWords(step: ScanStep): MessageRef {
  if (step.kind === 'device') return message('placing.scan.expectDevice');
  if (step.kind === 'slot') return message('placing.scan.expectSlot', { address: step.device.address });
  return message('placing.scan.expectAnswer');
}

function deviceChosen(device: ScannedDevice, replacing: ScannedDevice | undefined): ScanTurn {
  const dropped =
    replacing !== undefined && replacing.deviceId !== device.deviceId ? replacing.address : undefined;
  const values = { address: device.address, ...(dropped !== undefined ? { dropped } : {}) };
  const text =
    device.slotName === undefined
      ? message(
          dropped === undefined ? 'placing.scan.deviceNoSlot' : 'placing.scan.deviceNoSlotDropped',
          values,
        )
      : message(dropped === undefined ? 'placing.scan.deviceNowIn' : 'placing.scan.deviceNowInDropped', {
          ...values,
          slot: device.slotName,
        });
  return { step: { kind: 'slot', device }, cue: { tone: 'info', text } };
}

function refusedWords(label: string, match: LabelMatch): MessageRef {
  switch (match.kind) {
    case 'ambiguous':
      // Addresses are names, listed as they are; the words around them are the message's.
      return message('placing.scan.ambiguous', {
        label,
        count: match.candidates.length,
        addresses: match.candidates.map((c) => c.address).join(', '),
      });
    case 'not-in-site':
      return message('placing.scan.otherSite', { label, site: match.siteName });
    case 'unknown':
      return message('placing.scan.unknown', { label });
    default:
      return message('placing.scan.unusable', { label });
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

const sending = (device: ScannedDevice, slot: ScannedSlot): MessageRef =>
  message('placing.scan.sending', { address: device.address, slot: slot.slotName });

/** A slot scanned or clicked: previewed for the waiting device; refused while no device waits. */
export function slotChosen(step: ScanStep, slot: ScannedSlot): ScanTurn {
  if (step.kind === 'device') {
    return {
      step,
      cue: { tone: 'refused', text: message('placing.scan.slotFirst', { slot: slot.slotName }) },
    };
  }
  const { device } = step;
  return {
    step: { kind: 'slot', device },
    cue: { tone: 'info', text: sending(device, slot) },
    request: { kind: 'preview', device, slot },
  };
}

/** The turn after main previewed the placing: placed at once, nothing to do, asked, or refused. */
export function afterPreview(device: ScannedDevice, slot: ScannedSlot, preview: PlacePreviewItem): ScanTurn {
  switch (preview.outcome) {
    case 'place':
      return {
        step: { kind: 'slot', device },
        cue: { tone: 'info', text: sending(device, slot) },
        request: { kind: 'place', device, slot, acceptMoves: false },
      };
    case 'already-there':
      return {
        step: DEVICE_STEP,
        cue: {
          tone: 'same',
          text: message('placing.scan.alreadyThere', { address: device.address, slot: slot.slotName }),
        },
      };
    case 'move':
    case 'occupied':
      return {
        step: { kind: 'confirm', device, slot, preview },
        cue: { tone: 'ask', text: questionWords(device, slot, preview) },
      };
    default:
      return {
        step: { kind: 'slot', device },
        cue: { tone: 'refused', text: message('placing.scan.mainSaid', { words: madeWords(preview) }) },
      };
  }
}

function questionWords(device: ScannedDevice, slot: ScannedSlot, preview: PlacePreviewItem): MessageRef {
  if (preview.outcome === 'occupied' && preview.occupant !== undefined) {
    return message('placing.scan.askOccupied', {
      slot: slot.slotName,
      occupant: preview.occupant.address,
      address: device.address,
    });
  }
  const from = preview.from ?? device.slotName ?? message('placing.scan.anotherSlot');
  return message('placing.scan.askMove', { address: device.address, from, slot: slot.slotName });
}

/** The answer to a move question: yes places with moves accepted, no skips to the next device. */
export function afterAnswer(step: ScanStep, yes: boolean): ScanTurn {
  if (step.kind !== 'confirm') return { step, cue: { tone: 'info', text: expectedWords(step) } };
  if (!yes) {
    return {
      step: DEVICE_STEP,
      cue: { tone: 'same', text: message('placing.scan.skippedMove', { address: step.device.address }) },
    };
  }
  return {
    step: { kind: 'slot', device: step.device },
    cue: { tone: 'info', text: sending(step.device, step.slot) },
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
    const reason = result === undefined ? message('placing.scan.mainDidNotPlace') : madeWords(result);
    return {
      step: { kind: 'slot', device },
      cue: { tone: 'refused', text: message('placing.scan.notPlaced', { reason }) },
    };
  }
  const where = { address: device.address, slot: slot.slotName };
  const text =
    result.note === 'written' || result.note === 'unchanged'
      ? message('placing.scan.placed', where)
      : message('placing.scan.placedNote', { ...where, note: result.noteMessage ?? noteWords(result.note) });
  return { step: DEVICE_STEP, cue: { tone: 'placed', text } };
}

function noteWords(note: PlaceResultItem['note']): MessageRef {
  if (note === 'unsupported') return message('placing.scan.noteUnsupported');
  if (note === 'failed') return message('placing.scan.noteFailed');
  return message('placing.scan.noteNotSent');
}

/** A scanned label as main should see it: control characters a scanner may add dropped, spaces trimmed. */
export function cleanLabel(raw: string): string {
  const printable = [...raw].filter((c) => {
    const code = c.charCodeAt(0);
    return code >= 0x20 && code !== 0x7f;
  });
  return printable.join('').trim();
}
